#include "sim/run/component_listing.h"

#include <nlohmann/json.hpp>

namespace rmsim {

void print_components(std::ostream& out, const std::vector<ListedComponent>& components, bool json) {
    if (json) {
        nlohmann::ordered_json all = nlohmann::ordered_json::array();
        for (const ListedComponent& c : components) {
            nlohmann::ordered_json params = nlohmann::ordered_json::array();
            for (const ParamInfo& q : c.params)
                params.push_back({{"name", q.name},
                                  {"type", q.type},
                                  {"range", q.range()},
                                  {"default", q.default_value},
                                  {"description", q.description}});
            nlohmann::ordered_json entry = nlohmann::ordered_json::object();
            entry["name"] = c.name;
            for (const auto& [key, value] : c.fields) entry[key] = value;
            entry["description"] = c.description;
            entry["params"] = params;
            all.push_back(entry);
        }
        out << all.dump(2) << "\n";
        return;
    }
    for (const ListedComponent& c : components) {
        out << c.name << c.heading << "\n    " << c.description << "\n";
        for (const ParamInfo& q : c.params) {
            const std::string range = q.range();
            out << "    " << q.name << " (" << q.type << (range.empty() ? "" : ", " + range) << ", default "
                << q.default_value << "): " << q.description << "\n";
        }
    }
}

}  // namespace rmsim
