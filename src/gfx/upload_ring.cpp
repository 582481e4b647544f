// The persistently mapped staging ring with fences as frame markers.
#include "gfx/upload_ring.hpp"

#include <cassert>
#include <string>

#include "gfx/gl.hpp"
#include "gfx/shader.hpp"

namespace slotcraft::gfx {

namespace {
// A full ring waits for the GPU at most kWaitSteps x 1 s, then gives up with GfxError: a GPU
// or driver that hangs ends the run with a message instead of freezing it for ever. (A
// frame's batch takes milliseconds even on llvmpipe; 30 s is far beyond any real one.)
constexpr GLuint64 kWaitStepNs = 1'000'000'000;
constexpr int kWaitSteps = 30;
}  // namespace

UploadRing::UploadRing(size_t bytes) : capacity_(bytes), buffer_(make_buffer()), ring_(bytes) {
    const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    glNamedBufferStorage(buffer_.get(), static_cast<GLsizeiptr>(bytes), nullptr, flags);
    mapped_ = static_cast<uint8_t*>(glMapNamedBufferRange(buffer_.get(), 0, static_cast<GLsizeiptr>(bytes), flags));
    if (!mapped_) throw GfxError("cannot map the upload ring of " + std::to_string(bytes) + " bytes");
}

UploadRing::Span UploadRing::reserve(size_t bytes, size_t alignment) {
    assert(bytes <= max_reservation() && "split uploads into pieces of at most max_reservation() bytes");
    while (true) {
        if (auto r = ring_.try_begin_write(bytes, alignment)) {
            return Span{static_cast<size_t>(r->offset), mapped_ + r->offset, static_cast<size_t>(r->size)};
        }
        // Full: what was written but not fenced yet must be fenced before it can be waited for.
        if (unsubmitted_) submit();
        assert(!pending_.empty() && "a full ring has fenced batches in flight");
        wait_oldest();
    }
}

void UploadRing::commit(const Span& span, size_t bytes_written) {
    ring_.end_write(span.offset, bytes_written);
    unsubmitted_ = true;
}

void UploadRing::submit() {
    if (!unsubmitted_) return;
    pending_.push_back({Fence::insert(), ring_.current_marker()});
    unsubmitted_ = false;
}

void UploadRing::retire() {
    while (!pending_.empty()) {
        const GLenum status = glClientWaitSync(pending_.front().fence.get(), 0, 0);
        if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) return;
        ring_.free_up_to(std::move(pending_.front().marker));
        pending_.pop_front();
    }
}

void UploadRing::wait_oldest() {
    ++waits_;
    Pending& oldest = pending_.front();
    GLenum status = GL_TIMEOUT_EXPIRED;
    for (int step = 0; step < kWaitSteps && status == GL_TIMEOUT_EXPIRED; ++step) {
        status = glClientWaitSync(oldest.fence.get(), GL_SYNC_FLUSH_COMMANDS_BIT, kWaitStepNs);
    }
    if (status == GL_TIMEOUT_EXPIRED) {
        throw GfxError("the GPU did not finish reading the upload ring within " + std::to_string(kWaitSteps) +
                       " s: the GPU or its driver seems hung; restart Slotcraft (and the display driver if "
                       "it happens again)");
    }
    if (status == GL_WAIT_FAILED) throw GfxError("waiting for the upload ring's fence failed");
    ring_.free_up_to(std::move(oldest.marker));
    pending_.pop_front();
}

UploadRing::Stats UploadRing::stats() const { return Stats{capacity_, ring_.size(), waits_, pending_.size()}; }

}  // namespace slotcraft::gfx
