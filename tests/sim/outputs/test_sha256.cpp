// SHA-256 against the FIPS 180-2 examples and sha256sum.
#include <catch2/catch.hpp>

#include <string>

#include "platform/input_error.h"
#include "sim/outputs/sha256.h"
#include "tests/support/scratch_dir.h"

using namespace rmsim;

TEST_CASE("sha256: the standard's examples", "[sim][sha256]") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    // Across many blocks, fed in uneven pieces.
    Sha256 s;
    const std::string a(1000, 'a');
    for (int i = 0; i < 1000; ++i) s.update(a.data(), a.size());
    CHECK(s.hex_digest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: a file, as sha256sum prints it", "[sim][sha256]") {
    const rmsim::test::ScratchDir d("sha256");
    const std::string p = d.write("f.txt", std::string(70000, 'x') + "end\n");
    CHECK(sha256_file(p) == sha256_hex(std::string(70000, 'x') + "end\n"));
    CHECK_THROWS_AS(sha256_file((d / "missing").string()), InputError);
}
