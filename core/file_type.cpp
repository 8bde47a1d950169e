#include "core/file_type.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace roofscope {
namespace {

Error refused(const std::string& path, mode_t mode) {
    return makeError(std::string("is ") + nonRegularFileKind(mode) + ", not a regular file",
                     inFile(path));
}

Error systemError(const std::string& path, const char* what, int err) {
    return makeError(std::string(what) + ": " + std::strerror(err), inFile(path));
}

} // namespace

const char* nonRegularFileKind(mode_t mode) {
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

Result<int> openRegularFile(const std::string& path, struct stat& st) {
    // O_NONBLOCK so that opening a FIFO without a writer returns at once instead of hanging; it
    // is refused below and cleared for the regular file that remains.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        // A socket cannot be opened at all (ENXIO): say what it is rather than the errno text.
        const int err = errno;
        if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            return refused(path, st.st_mode);
        return systemError(path, "cannot open", err);
    }
    auto fail = [fd](Error e) {
        ::close(fd);
        return e;
    };
    if (::fstat(fd, &st) != 0)
        return fail(systemError(path, "cannot stat", errno));
    if (!S_ISREG(st.st_mode))
        return fail(refused(path, st.st_mode));
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        return fail(systemError(path, "cannot set blocking mode", errno));
    return fd;
}

} // namespace roofscope
