#include "core/text_file.h"

#include "core/file_type.h"

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
    struct stat st {};
    ROOFSCOPE_TRY(opened, openRegularFile(path, st));
    Fd file{opened.value()};
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

namespace {

// Where a write to `path` must land: through any chain of symbolic links to the file they name,
// so that saving over a link updates its target and keeps the link (what editors do). A link
// whose target does not exist yet resolves to that target. Loops end in an error.
Result<std::filesystem::path> writeTarget(const std::string& path) {
    namespace fs = std::filesystem;
    fs::path target(path);
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(target, ec)))
            return target;
        fs::path next = fs::read_symlink(target, ec);
        if (ec) {
            errno = ec.value();
            return ioError(path, "cannot read the symbolic link");
        }
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    errno = ELOOP;
    return ioError(path, "cannot follow the symbolic link");
}

// Makes the rename itself durable: until the folder is flushed, a power cut can bring back the
// old name. Filesystems that cannot flush a folder (EINVAL) are left as they are.
Status syncFolder(const std::string& path, const std::filesystem::path& folder) {
    Fd dir{::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (dir.fd < 0)
        return ioError(path, "cannot open its folder to flush it");
    if (::fsync(dir.fd) != 0 && errno != EINVAL)
        return ioError(path, "cannot flush its folder to disk");
    return {};
}

} // namespace

Status writeFileAtomically(const std::string& path, std::string_view content) {
    ROOFSCOPE_TRY(resolved, writeTarget(path));
    const std::filesystem::path& target = resolved.value();
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
    // mkstemp creates 0600. A file that is replaced keeps its permissions (a user who made a
    // session group-readable expects it to stay so); a new one gets what the umask gives.
    struct stat existing {};
    mode_t mode;
    if (::stat(target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode)) {
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    ::fchmod(file.fd, mode);
    if (::fsync(file.fd) != 0)
        return fail("cannot flush to disk");
    if (::close(file.fd) != 0) {
        file.fd = -1;
        return fail("cannot close");
    }
    file.fd = -1;
    if (::rename(tmpl.c_str(), target.c_str()) != 0)
        return fail("cannot replace");
    return syncFolder(path, target.parent_path());
}

} // namespace roofscope
