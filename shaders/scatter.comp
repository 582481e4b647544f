#version 450 core
// Lands a frame's scattered slot writes in one dispatch: write i says "slot x gets the
// 8-byte instance (z, w)" (y unused). Slots are unique within a dispatch (deduplicated on
// the CPU), so order does not matter.
layout(local_size_x = 64) in;

layout(std430, binding = 0) writeonly buffer Instances { uvec2 instances[]; };
layout(std430, binding = 2) readonly buffer Writes { uvec4 writes[]; };

uniform uint u_count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < u_count) instances[writes[i].x] = writes[i].zw;
}
