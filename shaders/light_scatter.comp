#version 450 core
// Lands a frame's single-byte light writes in one dispatch: write i says "byte x of the
// light buffer gets y". Bytes are unique within a dispatch (deduplicated on the CPU); four
// bytes share a word, so each write clears its byte and sets it with atomics, which
// commute with the other bytes' writes to the same word.
layout(local_size_x = 64) in;

layout(std430, binding = 3) buffer Light { uint light_words[]; };
layout(std430, binding = 2) readonly buffer Writes { uvec2 writes[]; };

uniform uint u_count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= u_count) return;
    uint address = writes[i].x;
    uint shift = (address & 3u) * 8u;
    atomicAnd(light_words[address >> 2], ~(0xFFu << shift));
    atomicOr(light_words[address >> 2], (writes[i].y & 0xFFu) << shift);
}
