// The first pass over a YAML text (platform/yaml_scan.h): one document, each key once per map, nodes counted
// with aliases expanded, nesting bounded; all before a node is built.
#include "platform/yaml_scan.h"

#include <catch2/catch.hpp>
#include <string>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "platform/yaml_util.h"

namespace {

std::string error_of(const std::string& text) {
    try {
        rmsim::check_yaml_shape(text, "f.yaml");
    } catch (const rmsim::InputError& e) {
        return e.what();
    }
    return "ok";
}

}  // namespace

TEST_CASE("yaml scan: exactly one document", "[platform][yaml]") {
    CHECK(error_of("") == "ok");
    CHECK(error_of("a: 1\n") == "ok");
    CHECK(error_of("---\na: 1\n...\n# a comment after the end marker\n") == "ok");
    const std::string second =
        "a second YAML document: a file holds exactly one (nothing may follow the end "
        "marker '...', and no second '---')";
    CHECK(error_of("a: 1\n---\na: 2\n") == "f.yaml:2:1: " + second);
    CHECK(error_of("a: 1\n---\n") == "f.yaml:2:1: " + second);  // even an empty one
    CHECK(error_of("a: 1\n...\nb: 2\n") == "f.yaml:3:1: " + second);
    CHECK(error_of("a: 1\n...\n]\n") == "f.yaml:3:1: YAML syntax error: illegal flow end");
}

TEST_CASE("yaml scan: a key appears once in each map, at any depth", "[platform][yaml]") {
    CHECK(error_of("a: 1\nb: {a: 2}\nc: [{a: 1}, {a: 2}]\n") == "ok");  // the same key in different maps
    CHECK(error_of("a: 1\nb: 2\na: 3\n") == "f.yaml:3:1: duplicate key 'a' (first at 1:1)");
    CHECK(error_of("m: {params: {x: 1, y: 2, x: 3}}\n") == "f.yaml:1:26: duplicate key 'x' (first at 1:14)");
    CHECK(error_of("l:\n  - {k: 1}\n  - {k: 1, k: 2}\n") == "f.yaml:3:12: duplicate key 'k' (first at 3:6)");
    // A map as a key, then a scalar key: keys and values alternate whatever their kind.
    CHECK(error_of("? {a: 1}\n: v\nb: 1\nb: 2\n") == "f.yaml:4:1: duplicate key 'b' (first at 3:1)");
    CHECK(error_of("a: {b: 1}\nb: 2\n") == "ok");  // 'b' inside a's value is not a key of the top map
}

TEST_CASE("yaml scan: nodes are counted with aliases expanded, cycles and depth refused", "[platform][yaml]") {
    // a: 1 map + 10 scalars = 11 nodes; b: 1 + 10 x 11 = 111 nodes.
    std::string text = "a: &a [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n";
    CHECK(error_of(text) == "ok");
    // c, d, e: 1,111, 11,111, 111,111 nodes. Before f's aliases: the top map, 6 keys, a..e and f's list:
    // 1 + 6 + 11 + 111 + 1,111 + 11,111 + 111,111 + 1 = 123,463; its 7 first aliases of e bring 901,240, the
    // 8th (at column 8 + 7 x 4 = 36) 1,012,351, past 10^6.
    const char* names = "abcdef";
    for (int i = 2; i < 6; ++i) {
        text += std::string(1, names[i]) + ": &" + names[i] + " [";
        for (int j = 0; j < 10; ++j) text += std::string(j ? ", *" : "*") + names[i - 1];
        text += "]\n";
    }
    CHECK(error_of(text) ==
          "f.yaml:6:36: the document has more than 1000000 nodes (aliases counted as the nodes "
          "they stand for)");
    CHECK(error_of("a: &x [1, *x]\n") == "f.yaml:1:11: an alias inside the node its anchor names (a cycle)");
    CHECK(error_of("a: &x {k: *x}\n") == "f.yaml:1:11: an alias inside the node its anchor names (a cycle)");
    // 64 levels: the top map and 63 lists; the 64th list is one too many.
    const auto nested = [](int lists) { return "a: " + std::string(lists, '[') + std::string(lists, ']') + "\n"; };
    CHECK(error_of(nested(63)) == "ok");
    CHECK(error_of(nested(64)) == "f.yaml:1:67: nested too deep: more than 64 levels of maps and lists");
    CHECK(error_of(nested(10000)) == "f.yaml:1:67: nested too deep: more than 64 levels of maps and lists");
}

TEST_CASE("yaml scan: load_yaml_string and load_yaml_file apply it", "[platform][yaml]") {
    CHECK_THROWS_WITH(rmsim::load_yaml_string("a: 1\na: 2\n", "g.yaml"),
                      "g.yaml:2:1: duplicate key 'a' (first at 1:1)");
    CHECK(rmsim::load_yaml_string("\xEF\xBB\xBF"
                                  "a: 1\n",
                                  "g.yaml")["a"]
              .as<int>() == 1);  // a byte-order mark
    CHECK(rmsim::quote_short(std::string(100, 'x')) == "'" + std::string(40, 'x') + "...' (100 bytes)");
    CHECK(rmsim::shorten("short") == "short");
    CHECK(rmsim::format_binary_bytes(16u << 20) == "16 MiB");
    CHECK(rmsim::format_binary_bytes(1000) == "1000 bytes");
}
