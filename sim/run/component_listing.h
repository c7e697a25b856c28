#pragma once
// The listings of rmsim's registries (`rmsim list-policies`, `list-governors`): every component with its
// description and parameters, as text or as a JSON array. Written once for every kind of component; a kind
// adds its own fields (a policy's family and paper).
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "platform/params.h"
#include "platform/registry.h"

namespace rmsim {

struct ListedComponent {
    std::string name;
    std::string description;
    std::vector<ParamInfo> params;
    /// The kind's own fields, in order: JSON members after "name" (list-policies: family, paper).
    std::vector<std::pair<std::string, std::string>> fields;
    /// The text after the name on its line (list-policies: "  [family]  paper").
    std::string heading;
};

/// A registry's components in registration order, with their name, description and parameters;
/// `add_own(info, listed)` adds what the kind has of its own (fields, heading).
template <class Info, class AddOwn>
std::vector<ListedComponent> listed_components(const Registry<Info>& registry, AddOwn add_own) {
    std::vector<ListedComponent> out;
    for (const Info& i : registry.all()) {
        out.push_back({i.name, i.description, i.params, {}, {}});
        add_own(i, out.back());
    }
    return out;
}

template <class Info>
std::vector<ListedComponent> listed_components(const Registry<Info>& registry) {
    return listed_components(registry, [](const Info&, ListedComponent&) {});
}

/// Text: per component, "name<heading>", the description indented, then one line per parameter
/// "name (type, range, default d): description" (the range as ParamInfo::range() words the schema: "in [0, 1]",
/// "a P-state index"; left out when empty). JSON (`json`): an array of {name, <fields>, description, params:
/// [{name, type, range, default, description}]}, range "" when only the type constrains the value.
void print_components(std::ostream& out, const std::vector<ListedComponent>& components, bool json);

}  // namespace rmsim
