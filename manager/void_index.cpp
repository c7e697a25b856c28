#include "manager/void_index.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace rmsim {

namespace {

// Below this many distinct keys changed, a binary search per key; from it on, one merge pass.
constexpr std::size_t kMergeFrom = 16;
// How far back bump() looks for a change of the same key (a node's three changes alternate between keys).
constexpr std::size_t kLookBack = 4;

[[noreturn]] void out_of_sync() { throw std::logic_error("VoidIndex: removing an idle period that is not there"); }

bool key_less(SimTime a1, SimTime b1, SimTime a2, SimTime b2) { return a1 < a2 || (a1 == a2 && b1 < b2); }

/// count + delta, which must not fall below 0.
std::uint32_t applied(std::uint32_t count, int delta) {
    const long long c = static_cast<long long>(count) + delta;
    if (c < 0) out_of_sync();
    return static_cast<std::uint32_t>(c);
}

}  // namespace

void VoidIndex::bump(SimTime a, SimTime b, int count) {
    if (count == 0 || (!b.is_infinite() && !(a < b))) return;  // nothing, or an empty finite period
    const int delta = count;
    const std::size_t n = pending_.size();
    for (std::size_t i = n; i > 0 && i + kLookBack > n; --i) {
        Change& c = pending_[i - 1];
        if (c.a == a && c.b == b) {
            c.delta += delta;
            return;
        }
    }
    pending_.push_back(Change{a, b, delta});
}

void VoidIndex::clear() {
    pending_.clear();
    tail_start_.clear();
    tail_count_.clear();
    tail_cum_.clear();
    cum_valid_ = true;
    finite_.clear();
}

const std::vector<SimTime>& VoidIndex::tail_starts() const {
    flush();
    return tail_start_;
}

const std::vector<VoidIndex::Finite>& VoidIndex::finite() const {
    flush();
    return finite_;
}

const std::vector<std::uint32_t>& VoidIndex::tail_cum() const {
    flush();
    if (!cum_valid_) {
        tail_cum_.resize(tail_count_.size());
        std::uint32_t cum = 0;
        for (std::size_t i = 0; i < tail_count_.size(); ++i) tail_cum_[i] = cum += tail_count_[i];
        cum_valid_ = true;
    }
    return tail_cum_;
}

void VoidIndex::flush() const {
    if (pending_.empty()) return;
    // Sum the changes per key: finite periods first (b < +inf sorts before the tails' b = +inf for equal a,
    // so order by tail-ness first), each part by (a, b).
    std::sort(pending_.begin(), pending_.end(), [](const Change& x, const Change& y) {
        const bool tx = x.b.is_infinite(), ty = y.b.is_infinite();
        if (tx != ty) return ty;
        return key_less(x.a, x.b, y.a, y.b);
    });
    std::size_t out = 0;
    for (std::size_t i = 0; i < pending_.size(); ++i) {
        if (out > 0 && pending_[out - 1].a == pending_[i].a && pending_[out - 1].b == pending_[i].b) {
            pending_[out - 1].delta += pending_[i].delta;
        } else {
            pending_[out++] = pending_[i];
        }
        if (pending_[out - 1].delta == 0) --out;  // cancelled out (a later change of the key starts afresh)
    }
    pending_.resize(out);
    const Change* first = pending_.data();
    const Change* last = first + out;
    const Change* tails = std::find_if(first, last, [](const Change& c) { return c.b.is_infinite(); });
    if (tails != last) cum_valid_ = false;
    if (tails - first < static_cast<std::ptrdiff_t>(kMergeFrom)) {
        for (const Change* c = first; c != tails; ++c) change_finite(c->a, c->b, c->delta);
    } else {
        merge_finite(first, tails);
    }
    if (last - tails < static_cast<std::ptrdiff_t>(kMergeFrom)) {
        for (const Change* c = tails; c != last; ++c) change_tail(c->a, c->delta);
    } else {
        merge_tails(tails, last);
    }
    pending_.clear();
}

void VoidIndex::change_tail(SimTime a, int delta) const {
    const auto pos = std::lower_bound(tail_start_.begin(), tail_start_.end(), a);
    const auto i = pos - tail_start_.begin();
    if (pos == tail_start_.end() || *pos != a) {
        if (delta < 0) out_of_sync();
        tail_start_.insert(pos, a);
        tail_count_.insert(tail_count_.begin() + i, static_cast<std::uint32_t>(delta));
        return;
    }
    tail_count_[static_cast<std::size_t>(i)] = applied(tail_count_[static_cast<std::size_t>(i)], delta);
    if (tail_count_[static_cast<std::size_t>(i)] == 0) {
        tail_start_.erase(pos);
        tail_count_.erase(tail_count_.begin() + i);
    }
}

void VoidIndex::change_finite(SimTime a, SimTime b, int delta) const {
    const auto pos = std::lower_bound(finite_.begin(), finite_.end(), a,
                                      [b](const Finite& f, SimTime x) { return key_less(f.a, f.b, x, b); });
    if (pos == finite_.end() || pos->a != a || pos->b != b) {
        if (delta < 0) out_of_sync();
        finite_.insert(pos, Finite{a, b, static_cast<std::uint32_t>(delta)});
        return;
    }
    pos->count = applied(pos->count, delta);
    if (pos->count == 0) finite_.erase(pos);
}

void VoidIndex::merge_tails(const Change* first, const Change* last) const {
    merged_start_.clear();
    merged_count_.clear();
    std::size_t i = 0;
    auto keep = [this](SimTime a, std::uint32_t count) {
        if (count == 0) return;
        merged_start_.push_back(a);
        merged_count_.push_back(count);
    };
    for (const Change* c = first; c != last; ++c) {
        for (; i < tail_start_.size() && tail_start_[i] < c->a; ++i) keep(tail_start_[i], tail_count_[i]);
        if (i < tail_start_.size() && tail_start_[i] == c->a) {
            keep(c->a, applied(tail_count_[i], c->delta));
            ++i;
        } else {
            keep(c->a, applied(0, c->delta));
        }
    }
    for (; i < tail_start_.size(); ++i) keep(tail_start_[i], tail_count_[i]);
    tail_start_.swap(merged_start_);
    tail_count_.swap(merged_count_);
}

void VoidIndex::merge_finite(const Change* first, const Change* last) const {
    merged_finite_.clear();
    std::size_t i = 0;
    auto keep = [this](const Finite& f) {
        if (f.count != 0) merged_finite_.push_back(f);
    };
    for (const Change* c = first; c != last; ++c) {
        for (; i < finite_.size() && key_less(finite_[i].a, finite_[i].b, c->a, c->b); ++i) keep(finite_[i]);
        if (i < finite_.size() && finite_[i].a == c->a && finite_[i].b == c->b) {
            keep(Finite{c->a, c->b, applied(finite_[i].count, c->delta)});
            ++i;
        } else {
            keep(Finite{c->a, c->b, applied(0, c->delta)});
        }
    }
    for (; i < finite_.size(); ++i) keep(finite_[i]);
    finite_.swap(merged_finite_);
}

}  // namespace rmsim
