#include "text_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace roofscope {
namespace {

Error ioError(const std::string& path, const std::string& what) {
    return makeError(what + ": " + std::strerror(errno), inFile(path));
}

// Closes a descriptor on every path out of a function.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

Result<std::string> readTextFile(const std::string& path, std::uint64_t maxBytes) {
    Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0)
        return ioError(path, "cannot open");
    struct stat st {};
    if (::fstat(file.fd, &st) != 0)
        return ioError(path, "cannot stat");
    if (S_ISDIR(st.st_mode))
        return makeError("is a directory, not a file", inFile(path));
    if (static_cast<std::uint64_t>(st.st_size) > maxBytes)
        return makeError("file is " + std::to_string(st.st_size) + " bytes, more than the " +
                             std::to_string(maxBytes) + " bytes allowed for this kind of document",
                         inFile(path));
    std::string content;
    content.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(file.fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return ioError(path, "cannot read");
        }
        if (n == 0)
            break;
        content.append(buffer, static_cast<std::size_t>(n));
        if (content.size() > maxBytes)
            return makeError("file grew beyond the " + std::to_string(maxBytes) +
                                 " bytes allowed while it was read",
                             inFile(path));
    }
    return content;
}

Status writeFileAtomically(const std::string& path, std::string_view content) {
    const std::filesystem::path target(path);
    std::string tmpl =
        (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
    if (target.parent_path().empty())
        tmpl = "." + target.filename().string() + ".XXXXXX";
    Fd file{::mkstemp(tmpl.data())};
    if (file.fd < 0)
        return ioError(path, "cannot create a temporary file beside it");
    auto fail = [&](const char* what) {
        Error e = ioError(path, what);
        ::unlink(tmpl.c_str());
        return Status(e);
    };
    std::size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(file.fd, content.data() + written, content.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail("cannot write");
        }
        written += static_cast<std::size_t>(n);
    }
    // mkstemp creates 0600; a document should get the permissions any new file of the user gets.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(file.fd, 0666 & ~mask);
    if (::fsync(file.fd) != 0)
        return fail("cannot flush to disk");
    if (::close(file.fd) != 0) {
        file.fd = -1;
        return fail("cannot close");
    }
    file.fd = -1;
    if (::rename(tmpl.c_str(), path.c_str()) != 0)
        return fail("cannot replace");
    return {};
}

} // namespace roofscope
