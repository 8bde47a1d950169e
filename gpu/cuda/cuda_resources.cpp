#include "gpu/cuda/cuda_resources.h"

#include "gpu/cuda/cuda_check.h"

namespace roofscope::probe {

namespace {

// Destroying a stream or event while another device is current is allowed, but doing it on the
// owning device keeps the runtime from creating a context elsewhere as a side effect.
template <class F> void onDevice(int device, F&& destroy) {
    int current = 0;
    const bool known = cudaGetDevice(&current) == cudaSuccess;
    if (known && current != device)
        (void)cudaSetDevice(device);
    destroy();
    if (known && current != device)
        (void)cudaSetDevice(current);
}

} // namespace

DeviceBuffer::~DeviceBuffer() {
    if (data_)
        (void)cudaFree(data_);
}

Result<DeviceBuffer> DeviceBuffer::allocate(std::size_t bytes) {
    DeviceBuffer buffer;
    const cudaError_t status = cudaMalloc(&buffer.data_, bytes);
    if (auto error = failure(status, "cudaMalloc", __FILE__, __LINE__)) {
        error->message += " (" + std::to_string(bytes) + " bytes)";
        return *error;
    }
    buffer.bytes_ = bytes;
    return buffer;
}

PinnedBuffer::~PinnedBuffer() {
    if (data_)
        (void)cudaFreeHost(data_);
}

Result<PinnedBuffer> PinnedBuffer::allocate(std::size_t bytes) {
    PinnedBuffer buffer;
    const cudaError_t status = cudaHostAlloc(&buffer.data_, bytes, cudaHostAllocDefault);
    if (auto error = failure(status, "cudaHostAlloc", __FILE__, __LINE__)) {
        error->message += " (" + std::to_string(bytes) + " bytes)";
        return *error;
    }
    buffer.bytes_ = bytes;
    return buffer;
}

Stream::~Stream() {
    if (stream_)
        onDevice(device_, [this] { (void)cudaStreamDestroy(stream_); });
}

Result<Stream> Stream::create() {
    Stream stream;
    ROOFSCOPE_CUDA_TRY(cudaGetDevice(&stream.device_));
    ROOFSCOPE_CUDA_TRY(cudaStreamCreateWithFlags(&stream.stream_, cudaStreamNonBlocking));
    return stream;
}

Event::~Event() {
    if (event_)
        onDevice(device_, [this] { (void)cudaEventDestroy(event_); });
}

Result<Event> Event::create() {
    Event event;
    ROOFSCOPE_CUDA_TRY(cudaGetDevice(&event.device_));
    ROOFSCOPE_CUDA_TRY(cudaEventCreate(&event.event_));
    return event;
}

ScopedDevice::~ScopedDevice() {
    if (previous_ >= 0)
        (void)cudaSetDevice(previous_);
}

Status ScopedDevice::enter(int device) {
    if (previous_ < 0) {
        int current = 0;
        ROOFSCOPE_CUDA_TRY(cudaGetDevice(&current));
        previous_ = current;
    }
    ROOFSCOPE_CUDA_TRY(cudaSetDevice(device));
    return {};
}

} // namespace roofscope::probe
