# Run at every build (cmake/build_facts.cmake): writes the commit the sources are at into a header,
# touching it only when the commit changed, so that an unchanged checkout recompiles nothing.
# Read-only git: rev-parse takes no lock, so it is safe beside other git commands.
# Arguments: -DSOURCE_DIR=<checkout> -DOUTPUT=<header>
set(commit "")
find_program(GIT_EXECUTABLE git)
if(GIT_EXECUTABLE)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        set(commit "")
    endif()
endif()
if(commit STREQUAL "")
    # A source tarball, or git refusing the folder's owner.
    set(commit "unknown")
endif()
string(CONCAT content "#pragma once\n// Generated at build time by cmake/build_commit.cmake.\n"
            "#define ROOFSCOPE_BUILD_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS ${OUTPUT})
    file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL content)
    file(WRITE ${OUTPUT} "${content}")
endif()
