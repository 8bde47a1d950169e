#include "core/stack_text.h"

namespace roofscope {

std::string describeStack(const SoftwareStack& st) {
    std::string out;
    auto add = [&](const std::string& what, const std::string& v) {
        if (!v.empty())
            out += (out.empty() ? "" : ", ") + what + v;
    };
    add("", st.framework);
    add("CUDA ", st.cuda);
    add("driver ", st.driver);
    add("cuDNN ", st.cudnn);
    add("NCCL ", st.nccl);
    for (const auto& [key, value] : st.other)
        add(key + " ", value);
    return out;
}

} // namespace roofscope
