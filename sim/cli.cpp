#include "sim/cli.h"

#include <cstring>
#include <iostream>

namespace rmsim {

int cli_main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
        std::cout << "rmsim " << RMSIM_VERSION << "\n";
        return 0;
    }
    std::cout << "usage: rmsim --version\n";
    return argc >= 2 ? 2 : 0;
}

}  // namespace rmsim
