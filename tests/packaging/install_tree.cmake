# `cmake --install` of the build into WORK_DIR/prefix, then the installed roofscope run from
# there: the layout a package gets, and the probe found in libexec as core/probe_location.cpp
# expects, and the explorer's module in the private library folder. Arguments: BUILD_DIR WORK_DIR
# VERSION APP_ID BINDIR LIBEXECDIR LIBDIR DATADIR DOCDIR TEST_DATA.
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/catalog)

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}${err}")
endif()

set(expected
    ${BINDIR}/roofscope
    ${LIBEXECDIR}/roofscope/roofscope-probe
    ${LIBDIR}/roofscope/roofscope-gui.so
    ${DATADIR}/applications/${APP_ID}.desktop
    ${DATADIR}/metainfo/${APP_ID}.metainfo.xml
    ${DATADIR}/icons/hicolor/scalable/apps/${APP_ID}.svg
    ${DOCDIR}/README.md
    ${DOCDIR}/copyright
    ${DOCDIR}/changelog.Debian.gz
    ${DATADIR}/man/man1/roofscope.1.gz
    ${DOCDIR}/user-guide.md
    ${DOCDIR}/file-formats.md
    ${DOCDIR}/images/explorer.png
    ${DOCDIR}/images/md-roofline.png)
foreach(size 16 32 48 64 128 256)
    list(APPEND expected ${DATADIR}/icons/hicolor/${size}x${size}/apps/${APP_ID}.png)
endforeach()
foreach(path ${expected})
    if(NOT EXISTS ${prefix}/${path})
        message(FATAL_ERROR "not installed: ${path}")
    endif()
endforeach()
# The licence is declared where users and tools look: AppStream and the Debian copyright file.
file(READ ${prefix}/${DATADIR}/metainfo/${APP_ID}.metainfo.xml metainfo)
if(NOT metainfo MATCHES "<project_license>GPL-3.0-or-later</project_license>")
    message(FATAL_ERROR "the installed metainfo declares no project_license GPL-3.0-or-later")
endif()
file(READ ${prefix}/${DOCDIR}/copyright copyright)
if(NOT copyright MATCHES "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
   OR NOT copyright MATCHES "License: GPL-3\\+")
    message(FATAL_ERROR "the installed copyright file is not a DEP-5 GPL-3+ declaration")
endif()
# Only the application goes on PATH: not the probe, the benchmarks or the build's tools.
file(GLOB on_path RELATIVE ${prefix}/${BINDIR} ${prefix}/${BINDIR}/*)
if(NOT on_path STREQUAL "roofscope")
    message(FATAL_ERROR "${BINDIR} holds '${on_path}', expected only roofscope")
endif()

# Runs the installed roofscope with ARGN and fails unless it exits 0 and prints every `expect`.
function(run_installed)
    cmake_parse_arguments(ARG "" "" "ARGS;EXPECT" ${ARGN})
    string(JOIN " " command roofscope ${ARG_ARGS})
    execute_process(COMMAND ${CMAKE_COMMAND} -E env ROOFSCOPE_USER_CATALOG=${WORK_DIR}/catalog
                            ${prefix}/${BINDIR}/roofscope ${ARG_ARGS}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${command} failed (${rc}):\n${out}${err}")
    endif()
    foreach(text ${ARG_EXPECT})
        string(FIND "${out}" "${text}" at)
        if(at EQUAL -1)
            message(FATAL_ERROR "${command}: no '${text}' in:\n${out}${err}")
        endif()
    endforeach()
    message(STATUS "${command}: ok")
endfunction()

run_installed(ARGS --version EXPECT "roofscope ${VERSION}\n" "  Qt 6." "QCustomPlot" "from commit")
# The module is found in LIBDIR/roofscope, as app/gui_module_load.cpp expects: --version names
# the Qt it loaded, and an image export draws through it.
run_installed(ARGS export ${TEST_DATA}/kineto/modern.json -o ${WORK_DIR}/modern.png
              EXPECT "wrote ${WORK_DIR}/modern.png")
run_installed(ARGS devices EXPECT "nvidia-h100-sxm5-80gb" "nvidia-a100-sxm4-80gb")
# The probe is found in libexec, not beside the executable as in the build tree (`probe` fails
# when it finds none); --list plans the CPU benchmarks without running them.
run_installed(ARGS probe --cpu --list EXPECT "No ceiling was measured")
