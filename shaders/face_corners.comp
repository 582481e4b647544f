#version 450 core
// Works out the light and occlusion of the four corners of every drawn face of the cubes on a
// list of pages (the pages whose cubes, page table entry or chunk light changed this frame),
// so cube.vert reads one word pair a face instead of doing it at each vertex (only for pages
// of chunks with a light page; with one light value it works them out itself)
// (docs/rendering.md "The vertex stage"; gfx/face_corners.hpp is the layout, and the same
// computation in C++ that `verify` checks this buffer against). One work group a page, one
// invocation a slot.
layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Instances { uvec2 instances[]; };
layout(std430, binding = 1) readonly buffer PageTable { ivec4 page_table[]; };
layout(std430, binding = 2) readonly buffer Pages { uint pages[]; };
layout(std430, binding = 3) readonly buffer Light { uint light_words[]; };
// The corner blocks from u_first_block on: a page's block (its page table entry's y above
// bit 8, less one) holds its 64 slots' six faces, (block - u_first_block) * 384 + slot in the
// page * 6 + face. The renderer binds a window of the buffer, so no binding passes
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE, and lists only pages with a block.
layout(std430, binding = 4) writeonly buffer Corners { uvec2 corners[]; };

uniform uint u_count;        // pages in the list
uniform uint u_first_block;  // the first block of the bound window

// The edge and corner neighbours carry one occluder bit each (world/events.hpp: occluder_bit),
// numbered in the order of the cells (dx+1) + 3(dz+1) + 9(dy+1): bit t of kOccluderCells says
// cell t is one of them, and its number is how many of them come before it.
const uint kOccluderCells = 0x7be8befu;

bool occluded(uint bits, ivec3 d) {
    uint t = uint((d.x + 1) + 3 * (d.z + 1) + 9 * (d.y + 1));
    uint below = kOccluderCells & ((1u << t) - 1u);
    return ((kOccluderCells >> t) & 1u) != 0u && ((bits >> uint(bitCount(below))) & 1u) != 0u;
}

// A light page is 18^3 bytes: the chunk's cells and a one-cell apron, at (x+1) + 18(z+1) +
// 324(y+1) for x, y, z in -1..16 (world/events.hpp: light_box_index). A reference < 0 is one
// value for every cell.
const int kLightPageBytes = 5832;

uint light_byte(int ref, ivec3 q) {
    if (ref < 0) return uint(-1 - ref);
    int b = ref * kLightPageBytes + (q.x + 1) + 18 * (q.z + 1) + 324 * (q.y + 1);
    return (light_words[b >> 2] >> (uint(b & 3) * 8u)) & 255u;
}

void main() {
    if (gl_WorkGroupID.x >= u_count) return;
    uint page = pages[gl_WorkGroupID.x];
    uint slot = page * 64u + gl_LocalInvocationID.x;
    uvec2 inst = instances[slot];
    uint mask = (inst.x >> 18) & 63u;
    int corner_block = (page_table[page].y >> 8) - 1;
    // A free slot (nothing is drawn from it), or a page without a block (cube.vert works its
    // corners out itself).
    if (mask == 0u || corner_block < 0) return;
    ivec3 local = ivec3(inst.x & 15u, (inst.x >> 4) & 15u, (inst.x >> 8) & 15u);
    int ref = page_table[page].w;
    for (int face = 0; face < 6; ++face) {
        if ((mask & (1u << uint(face))) == 0u) continue;
        int axis = face >> 1;
        int a1 = (axis + 1) % 3, a2 = (axis + 2) % 3;
        ivec3 n = ivec3(0), t1 = ivec3(0), t2 = ivec3(0);
        n[axis] = (face & 1) == 0 ? 1 : -1;
        t1[a1] = 1;
        t2[a2] = 1;
        // The 3 x 3 cells in front of the face, k = (u+1) + 3(v+1); the face's own cell (k = 4)
        // is open. An opaque cell's light is never read: its byte may be stale.
        uint sky[9], block[9];
        bool open[9];
        for (int v = -1; v <= 1; ++v) {
            for (int u = -1; u <= 1; ++u) {
                ivec3 d = n + t1 * u + t2 * v;
                int k = (u + 1) + 3 * (v + 1);
                open[k] = k == 4 || !occluded(inst.y, d);
                uint l = open[k] ? light_byte(ref, local + d) : 0u;
                sky[k] = l >> 4;
                block[k] = l & 15u;
            }
        }
        // Corner c = (u, v) = (c & 1, c >> 1): the open cells among the face's cell, its two
        // sides and the corner cell (not seen when both sides are opaque), summed and counted;
        // its occlusion by the 0fps rule. 16 bits a corner (gfx/face_corners.hpp).
        uvec2 words = uvec2(0u);
        for (int c = 0; c < 4; ++c) {
            int s1 = (c & 1) * 2 + 3, s2 = 1 + (c >> 1) * 6, cc = (c & 1) * 2 + (c >> 1) * 6;
            uint sky_sum = sky[4], block_sum = block[4], count = 1u;
            if (open[s1]) { sky_sum += sky[s1]; block_sum += block[s1]; count += 1u; }
            if (open[s2]) { sky_sum += sky[s2]; block_sum += block[s2]; count += 1u; }
            if ((open[s1] || open[s2]) && open[cc]) { sky_sum += sky[cc]; block_sum += block[cc]; count += 1u; }
            uint ao = (!open[s1] && !open[s2]) ? 0u : 3u - uint(!open[s1]) - uint(!open[s2]) - uint(!open[cc]);
            uint code = sky_sum | (block_sum << 6) | ((count - 1u) << 12) | (ao << 14);
            words[c >> 1] |= code << (16u * uint(c & 1));
        }
        corners[(uint(corner_block) - u_first_block) * 384u + gl_LocalInvocationID.x * 6u + uint(face)] = words;
    }
}
