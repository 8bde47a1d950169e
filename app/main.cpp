#include "app/cli.h"
#include "app/gui.h"

#include <iostream>

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (const auto code = roofscope::app::runHeadless(args, {std::cout, std::cerr}))
        return *code;
    return roofscope::app::runGui(argc, argv);
}
