#pragma once
// Siegel (slides) static study; Braun et al. 2001 §3 (A*): a tree search for the §3 problem (minimise the
// expected energy of a static mapping subject to ψ >= R), which the slides only name. Braun et al.'s A*: the
// root is the empty mapping, a node's children map one more task to each machine, nodes are ordered by
// f = g + h (g: the cost of the partial mapping, h: a lower bound on what the unmapped tasks add) and the
// frontier is bounded (1,024 active nodes; the worst are pruned).
// Adapted (GAP choices, docs/fidelity.md "Siegel", static):
//   levels       the tasks in a fixed order, longest first (mean at P0 over the cores; ties: lower task);
//                level i maps the i-th; the frontier is expanded level by level (a best-first A* with 4,000
//                levels does not reach a leaf under a bounded frontier: it keeps re-expanding shallow nodes);
//   children     for each core type, the core of least expected ready time (Min-Min's rule: cores of one
//                type are alike for a task) and, if another, the core of the largest expected ready time on
//                which the task still ends by δ at P0 (fills a processor or node that is already on), each at
//                every P-state; evaluated incrementally (Mapping::preview: one convolution and the E[max] of
//                the core's processor and node);
//   g, h         g = the partial mapping's expected energy (busy + processor and node overhead), h = Σ over
//                the unmapped tasks of their least busy energy over core types and P-states (no overhead: a
//                lower bound); on one level h is the same for every node;
//   pace         a child whose core's expected ready time would pass δ·w_i/W + (the longest task's P0 mean)
//                is not made while another child is left (without it the energy order piles the first tasks
//                on the cheapest core types and P-states, and the last tasks miss δ on every core);
//   order        the GA's (static_mapping.h better()) on (ψ, f) against a paced floor R^(w_i / W), w_i the
//                P0 work mapped after level i and W all of it (ψ only falls as tasks are added: the pace keeps
//                a level from spending the whole 1 − R); at the last level the floor is R;
//   frontier     the `frontier` best children are kept per level; a child whose measures equal a kept one's
//                (a symmetric core) is skipped; ties keep the earlier (parent, core type, core, P-state);
//   result       the best leaf. Deterministic (no random draws).
#include <cstdint>
#include <functional>

#include "manager/policies/siegel/static_mapping.h"

namespace rmsim::siegel {

struct TreeSearchParams {
    std::size_t frontier = 4;  ///< partial mappings kept per level
};

/// progress: after each level (step = tasks mapped), the level's best node.
Mapping tree_search(const StaticProblem& problem, const TreeSearchParams& params,
                    const std::function<void(const SearchProgress&)>& progress = {});

}  // namespace rmsim::siegel
