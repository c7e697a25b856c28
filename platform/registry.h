#pragma once
// A registry of named, configurable components: the one kind of table behind the policies
// (manager/policy_registry.h), the governors (modules/governors/governor_registry.h) and the workloads
// (workloads/workload_registry.h). An Info has at least `name`, `description` and `params`
// (std::vector<ParamInfo>). Components keep the order they were added in, so that listings and "valid: ..."
// messages are deterministic: the built-ins first, then each plug-in's in the order the plug-ins were loaded
// (docs/plugins.md).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "platform/input_error.h"
#include "platform/param_schema.h"
#include "platform/params.h"

namespace rmsim {

template <class Info>
class Registry {
public:
    /// `kind` names a component in messages: "policy", "governor", "workload".
    explicit Registry(std::string kind) : kind_(std::move(kind)) {}

    /// std::invalid_argument if the name is empty or taken (a plug-in cannot replace a built-in), or if a
    /// parameter's type is not one of param_types().
    void add(Info info) {
        if (info.name.empty()) throw std::invalid_argument(kind_ + " registered without a name");
        if (find(info.name)) throw std::invalid_argument(kind_ + " '" + info.name + "' is already registered");
        for (const ParamInfo& p : info.params)
            if (std::find(param_types().begin(), param_types().end(), p.type) == param_types().end())
                throw std::invalid_argument(kind_ + " '" + info.name + "': parameter '" + p.name + "' has the type '" +
                                            p.type + "' (valid: number, integer, boolean, string, list, matrix, map)");
        items_.push_back(std::move(info));
    }

    const Info* find(const std::string& name) const {
        for (const Info& i : items_)
            if (i.name == name) return &i;
        return nullptr;
    }

    /// The component named `name`; InputError at `where` that lists the valid names if there is none.
    const Info& at(const std::string& name, const SourceLocation& where) const {
        if (const Info* i = find(name)) return *i;
        throw InputError(where, "unknown " + kind_ + " '" + name + "' (valid: " + names() + ")");
    }

    /// The component's parameters checked against its schema (check_params: InputError at the first unknown
    /// key, or value of the wrong type, out of bounds or outside its domain; the platform-dependent domains
    /// against `platform`, if given).
    const Info& checked(const std::string& name, const Params& params, const SourceLocation& where,
                        const PlatformSpec* platform = nullptr) const {
        const Info& info = at(name, where);
        check_params(info.params, params, kind_ + " '" + name + "'", platform);
        return info;
    }

    const std::vector<Info>& all() const { return items_; }
    const std::string& kind() const { return kind_; }

    /// "a, b, c": every name, in registration order.
    std::string names() const {
        std::string s;
        for (const Info& i : items_) s += (s.empty() ? "" : ", ") + i.name;
        return s;
    }

private:
    std::string kind_;
    std::vector<Info> items_;
};

}  // namespace rmsim
