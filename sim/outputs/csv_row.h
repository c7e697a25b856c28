#pragma once
// One row of a CSV (or SWF) result file assembled in a buffer and written at once, numbers through std::to_chars
// (no stream locale machinery: formatting 10^6 rows through the stream's operators was several % of a run).
// A row holds at most 16 fields of at most 30 characters (a 64-bit integer, a %.12g number, exact seconds, a
// state name): 1024 bytes hold it; a longer field (a list) is flushed and written to the stream by itself.
#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <ostream>
#include <string_view>

#include "platform/number_format.h"
#include "platform/time.h"

namespace rmsim {

class CsvRow {
public:
    /// An integer, as the stream writes it.
    template <typename I>
    CsvRow& integer(I v) {
        end_ = std::to_chars(end_, buf_.data() + buf_.size(), v).ptr;
        return *this;
    }
    /// A number as printf's %.12g writes it (std::to_chars' general format at a precision is specified so).
    CsvRow& g12(double v) {
        end_ = std::to_chars(end_, buf_.data() + buf_.size(), v, std::chars_format::general, 12).ptr;
        return *this;
    }
    /// A simulated time as exact seconds, as the other result files write them (platform/number_format.h).
    CsvRow& seconds(SimTime t) {
        end_ = ns_as_seconds_chars(end_, static_cast<std::uint64_t>(t.ns()));
        return *this;
    }
    CsvRow& text(std::string_view t) {
        end_ = std::copy(t.begin(), t.end(), end_);
        return *this;
    }
    CsvRow& ch(char c) {
        *end_++ = c;
        return *this;
    }
    void flush_to(std::ostream& o) {
        o.write(buf_.data(), end_ - buf_.data());
        end_ = buf_.data();
    }

private:
    std::array<char, 1024> buf_;
    char* end_ = buf_.data();
};

}  // namespace rmsim
