# The one place that decides whether Roofscope reads XPlane profiles (JAX / XLA, TensorFlow): an
# XPlane file is a protobuf message, so this needs protobuf's library and compiler
# (libprotobuf-dev, protobuf-compiler). Without them the build still works and the XPlane reader
# refuses files with a message saying so. Included by the top level (for roofscope_features.h)
# and by core/CMakeLists.txt, which the fuzz build adds on its own.
include_guard(GLOBAL)
option(ROOFSCOPE_WITH_XPLANE "Read JAX/XLA XPlane profiles when protobuf is found" ON)
set(ROOFSCOPE_HAVE_XPLANE 0)
if(ROOFSCOPE_WITH_XPLANE)
    find_package(Protobuf QUIET)
    if(Protobuf_FOUND AND Protobuf_PROTOC_EXECUTABLE)
        set(ROOFSCOPE_HAVE_XPLANE 1)
    endif()
endif()
if(COMMAND add_feature_info)
    add_feature_info(XPlane ROOFSCOPE_HAVE_XPLANE
                     "JAX/XLA XPlane profiles (libprotobuf-dev, protobuf-compiler)")
endif()
