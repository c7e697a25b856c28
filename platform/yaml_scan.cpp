#include "platform/yaml_scan.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <limits>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "platform/input_error.h"
#include "platform/input_limits.h"

namespace rmsim {

namespace {

constexpr std::uint64_t kOpen = std::numeric_limits<std::uint64_t>::max();

SourceLocation at(const std::string& file, const YAML::Mark& m) {
    return m.line >= 0 ? SourceLocation{file, m.line + 1, m.column + 1} : SourceLocation{file, 0, 0};
}

/// Counts nodes, measures depth and tracks each map's keys from the parser's events.
class ShapeCheck : public YAML::EventHandler {
public:
    explicit ShapeCheck(const std::string& file) : file_(file) {}

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++documents_ > 1)
            throw InputError(at(file_, mark),
                             "a second YAML document: a file holds exactly one (nothing may follow the end marker "
                             "'...', and no second '---')");
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor, 1, nullptr); }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  const std::string& value) override {
        leaf(mark, anchor, 1, &value);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (anchor >= sizes_.size() || sizes_[anchor] == kOpen)
            throw InputError(at(file_, mark), "an alias inside the node its anchor names (a cycle)");
        leaf(mark, 0, sizes_[anchor], nullptr);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(mark, anchor, false);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(mark, anchor, true);
    }
    void OnMapEnd() override { close(); }

private:
    struct Collection {
        std::uint64_t start = 0;  ///< nodes counted before it
        YAML::anchor_t anchor = 0;
        bool map = false;
        bool expect_key = true;  ///< in a map: the next node is a key
        std::unordered_map<std::string, YAML::Mark> keys;
    };

    void count(const YAML::Mark& mark, std::uint64_t n) {
        nodes_ = n > kMaxConfigNodes - nodes_ ? kMaxConfigNodes + 1 : nodes_ + n;
        if (nodes_ > kMaxConfigNodes)
            throw InputError(at(file_, mark), "the document has more than " + std::to_string(kMaxConfigNodes) +
                                                  " nodes (aliases counted as the nodes they stand for)");
    }

    /// A node starts: as a key of the enclosing map, `scalar` (if it is one) must be new in it.
    void starts(const YAML::Mark& mark, const std::string* scalar) {
        if (stack_.empty() || !stack_.back().map || !stack_.back().expect_key || !scalar) return;
        const auto [it, fresh] = stack_.back().keys.emplace(*scalar, mark);
        if (!fresh)
            throw InputError(at(file_, mark), "duplicate key " + quote_short(*scalar) + " (first at " +
                                                  std::to_string(it->second.line + 1) + ":" +
                                                  std::to_string(it->second.column + 1) + ")");
    }

    /// A node ends: in a map, keys and values alternate.
    void ends() {
        if (!stack_.empty() && stack_.back().map) stack_.back().expect_key = !stack_.back().expect_key;
    }

    void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, std::uint64_t size, const std::string* scalar) {
        starts(mark, scalar);
        count(mark, size);
        if (anchor) set_size(anchor, size);
        ends();
    }

    void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool map) {
        starts(mark, nullptr);
        if (static_cast<int>(stack_.size()) >= kMaxYamlDepth)
            throw InputError(at(file_, mark), "nested too deep: more than " + std::to_string(kMaxYamlDepth) +
                                                  " levels of maps and lists");
        count(mark, 1);
        if (anchor) set_size(anchor, kOpen);
        Collection c;
        c.start = nodes_ - 1;
        c.anchor = anchor;
        c.map = map;
        stack_.push_back(std::move(c));
    }

    void close() {
        const Collection c = std::move(stack_.back());
        stack_.pop_back();
        if (c.anchor) set_size(c.anchor, nodes_ - c.start);
        ends();
    }

    void set_size(YAML::anchor_t anchor, std::uint64_t size) {
        if (anchor >= sizes_.size()) sizes_.resize(anchor + 1, kOpen);
        sizes_[anchor] = size;
    }

    const std::string& file_;
    int documents_ = 0;
    std::uint64_t nodes_ = 0;
    std::vector<Collection> stack_;
    std::vector<std::uint64_t> sizes_;  ///< by anchor id: the nodes it stands for (kOpen while being read)
};

}  // namespace

void check_yaml_shape(const std::string& text, const std::string& file) {
    std::istringstream in(text);
    ShapeCheck check(file);
    try {
        YAML::Parser parser(in);
        while (parser.HandleNextDocument(check)) {}
    } catch (const YAML::Exception& e) {
        throw InputError(at(file, e.mark), "YAML syntax error: " + e.msg);
    }
}

}  // namespace rmsim
