// The batch parser for any x86-64 (or other) CPU: simdjson's On-Demand kernel as the compiler
// flags allow, the fallback kernel for baseline x86-64.
#define ROOFSCOPE_PARSER_NS baseline
#include "core/import/kineto/kineto_batch_parser_body.h"
