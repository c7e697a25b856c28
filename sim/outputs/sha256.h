#pragma once
// SHA-256 (FIPS 180-4) of a file's bytes, as `sha256sum` prints it: provenance.json records the digest of
// every file a run read (platform, trace), so that a user can check it and a resumed run can tell whether
// a file changed since a trial ran.
#include <array>
#include <cstdint>
#include <string>

namespace rmsim {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    /// The digest as 64 lowercase hex digits; the object is spent afterwards.
    std::string hex_digest();

private:
    void block(const unsigned char* p);
    std::array<std::uint32_t, 8> h_;
    std::array<unsigned char, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;  ///< bytes hashed so far
};

/// The digest of `bytes`.
std::string sha256_hex(const std::string& bytes);
/// The digest of the file at `path` (read in pieces); InputError at the path if it cannot be read.
std::string sha256_file(const std::string& path);

}  // namespace rmsim
