#version 450 core
// Lands a frame's scattered slot writes in one dispatch: pair i says "slot x gets value y".
// Slots are unique within a dispatch (deduplicated on the CPU), so order does not matter.
layout(local_size_x = 64) in;

layout(std430, binding = 0) writeonly buffer Instances { uint instances[]; };
layout(std430, binding = 2) readonly buffer Writes { uvec2 writes[]; };

uniform uint u_count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < u_count) instances[writes[i].x] = writes[i].y;
}
