# Run at build time (core/CMakeLists.txt): writes the built-in catalog documents into a C++ source,
# one raw string literal per resources/devices/*.json, in file-name order, so that the catalog
# needs no Qt resources and the command line no GUI library.
# Arguments: -DDEVICE_DIR=<folder of *.json> -DOUTPUT=<source to write> -DFUNCTION=<name of the
# function returning the documents, declared in core/catalog_loader.h>
file(GLOB files RELATIVE ${DEVICE_DIR} ${DEVICE_DIR}/*.json)
list(SORT files)
set(content "// Generated at build time by cmake/builtin_devices.cmake from ${DEVICE_DIR}.\n")
string(APPEND content "#include \"core/catalog_loader.h\"\n\nnamespace roofscope {\nnamespace {\n")
set(entries "")
set(index 0)
foreach(name ${files})
    file(READ ${DEVICE_DIR}/${name} text)
    if(text MATCHES "\\)roofscope_json\"")
        message(FATAL_ERROR "${name} holds the raw-string delimiter")
    endif()
    string(APPEND content "constexpr char kDocument${index}[] = R\"roofscope_json(${text})roofscope_json\";\n")
    string(APPEND entries "    {\"${name}\", {kDocument${index}, sizeof kDocument${index} - 1}},\n")
    math(EXPR index "${index} + 1")
endforeach()
string(APPEND content "\nconstexpr BuiltinDocument kDocuments[] = {\n${entries}};\n\n} // namespace\n\n")
string(APPEND content "std::span<const BuiltinDocument> ${FUNCTION}() {\n    return kDocuments;\n}\n\n} // namespace roofscope\n")
set(old "")
if(EXISTS ${OUTPUT})
    file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL content)
    file(WRITE ${OUTPUT} "${content}")
endif()
