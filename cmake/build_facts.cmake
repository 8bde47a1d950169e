# The generated headers every layer may read: roofscope_features.h (version, build type and which
# accelerator toolkits were found, from optional_gpu.cmake) and roofscope_build_commit.h.
# Build facts (version, which toolkits were found) for every target, generated once.
configure_file(${CMAKE_CURRENT_LIST_DIR}/roofscope_features.h.in ${PROJECT_BINARY_DIR}/generated/roofscope_features.h @ONLY)
add_library(roofscope_features INTERFACE)
target_include_directories(roofscope_features INTERFACE ${PROJECT_BINARY_DIR}/generated)
# The commit, for `roofscope --version` and the About dialog: re-read at every build, and the
# header rewritten only when it changed. Targets that include it depend on roofscope_build_commit.
add_custom_target(roofscope_build_commit
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
            -DOUTPUT=${PROJECT_BINARY_DIR}/generated/roofscope_build_commit.h
            -P ${CMAKE_CURRENT_LIST_DIR}/build_commit.cmake
    BYPRODUCTS ${PROJECT_BINARY_DIR}/generated/roofscope_build_commit.h
    VERBATIM)
