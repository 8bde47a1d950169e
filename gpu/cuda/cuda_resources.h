#pragma once
// Owners for what a CUDA benchmark allocates, so that an early return on an error leaks nothing:
// device buffers, pinned host buffers, streams, events, and the current-device setting. Each is
// move-only and made by a factory that returns the CUDA error as an Error instead of throwing.

#include "core/error.h"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

namespace roofscope::probe {

// Device memory from cudaMalloc (never managed memory), freed with cudaFree.
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    DeviceBuffer(DeviceBuffer&& other) noexcept { swap(other); }
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        DeviceBuffer(std::move(other)).swap(*this);
        return *this;
    }
    ~DeviceBuffer();

    // `bytes` on the current device. The Error names the size when the device is out of memory.
    static Result<DeviceBuffer> allocate(std::size_t bytes);

    void* get() const { return data_; }
    template <class T> T* as() const { return static_cast<T*>(data_); }
    std::size_t bytes() const { return bytes_; }

  private:
    void swap(DeviceBuffer& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(bytes_, other.bytes_);
    }
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
};

// Page-locked host memory from cudaHostAlloc, so that copies run at the link's rate by DMA.
class PinnedBuffer {
  public:
    PinnedBuffer() = default;
    PinnedBuffer(PinnedBuffer&& other) noexcept { swap(other); }
    PinnedBuffer& operator=(PinnedBuffer&& other) noexcept {
        PinnedBuffer(std::move(other)).swap(*this);
        return *this;
    }
    ~PinnedBuffer();

    static Result<PinnedBuffer> allocate(std::size_t bytes);

    void* get() const { return data_; }
    template <class T> T* as() const { return static_cast<T*>(data_); }
    std::size_t bytes() const { return bytes_; }

  private:
    void swap(PinnedBuffer& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(bytes_, other.bytes_);
    }
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
};

// A non-blocking stream of its own on the current device, so that a benchmark never waits on
// (or is delayed by) the legacy default stream.
class Stream {
  public:
    Stream() = default;
    Stream(Stream&& other) noexcept { swap(other); }
    Stream& operator=(Stream&& other) noexcept {
        Stream(std::move(other)).swap(*this);
        return *this;
    }
    ~Stream();

    static Result<Stream> create();
    cudaStream_t get() const { return stream_; }

  private:
    void swap(Stream& other) noexcept {
        std::swap(stream_, other.stream_);
        std::swap(device_, other.device_);
    }
    cudaStream_t stream_ = nullptr;
    int device_ = 0;
};

// A timing event on the current device.
class Event {
  public:
    Event() = default;
    Event(Event&& other) noexcept { swap(other); }
    Event& operator=(Event&& other) noexcept {
        Event(std::move(other)).swap(*this);
        return *this;
    }
    ~Event();

    static Result<Event> create();
    cudaEvent_t get() const { return event_; }

  private:
    void swap(Event& other) noexcept {
        std::swap(event_, other.event_);
        std::swap(device_, other.device_);
    }
    cudaEvent_t event_ = nullptr;
    int device_ = 0;
};

// Makes `device` current and restores the previous device when it goes out of scope, so that a
// benchmark leaves the caller's thread as it found it.
class ScopedDevice {
  public:
    ScopedDevice() = default;
    ScopedDevice(const ScopedDevice&) = delete;
    ScopedDevice& operator=(const ScopedDevice&) = delete;
    ~ScopedDevice();

    // May be called more than once; the device current before the first call is restored.
    Status enter(int device);

  private:
    int previous_ = -1;
};

} // namespace roofscope::probe
