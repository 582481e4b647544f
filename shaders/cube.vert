#version 450 core
// The cube faces turned to the eye, pulled from the instance buffer by gl_VertexID (no vertex
// attributes, no instancing): vertex id = slot * 16 + axis * 4 + corner, so a cube is 12
// vertices (3 faces of 4 shared corners) and the index buffer's 18 indices make its 6
// triangles (docs/rendering.md, "The vertex stage"); a run whose cubes show no face on an
// axis is drawn from a table without that axis's face. The face on each axis is the one
// turned to the eye; a face whose mask bit is clear collapses to a point outside the clip
// volume. Instances are 8 bytes (docs/light.md): x = position, type, mask; y = occluder
// bits. Each corner of a face averages the light of the open cells in front of it (from the
// chunk's light page) and is darkened by the opaque ones: face_corners.comp works that out
// once when a page's cubes or light change, into a word pair a face that this shader reads.
// Far terrain (docs/rendering.md "Far terrain"): a page's chunk y carries its level k
// (y = 16k + chunk y, x and z in level-k chunks); a level-k cube is 2^k blocks a side.

// The instance buffer, the page table and the faces' corners, read through buffer textures.
layout(binding = 1) uniform usamplerBuffer u_instances;  // RG32UI: one instance a texel
layout(binding = 2) uniform isamplerBuffer u_pages;      // RGBA32I: the chunk of each page of 64 slots
layout(binding = 4) uniform usamplerBuffer u_corners;    // RG32UI: each face's corners, block * 384 + slot in page * 6 + face

uniform mat4 u_view_proj;       // eye at u_camera_offset, origin at u_origin_chunk * 16
uniform ivec3 u_origin_chunk;
// Texture layer of (type * 6 + face), four to a vector (an int array would take a vector
// slot an element on some drivers); room for 64 block types.
uniform ivec4 u_layers[64 * 6 / 4];
uniform vec3 u_camera_offset;
uniform ivec4 u_highlight_chunk;  // w = 1: tint the cubes of chunk xyz (chosen in the overlay)
uniform float u_daylight;         // 0..1: scales the sky light (for the choice of the diagonal)

flat out uint v_type;
flat out int v_face;
flat out int v_layer;  // the texture layer of (type, face): looked up here, once a vertex, not a fragment
flat out int v_highlight;
out vec2 v_light;       // sky and block level (0..15) at this corner, interpolated
out float v_ao;         // occlusion at this corner, 0 (three opaque neighbours) .. 3 (open)
out vec2 v_uv;
out vec3 v_eye_to_point;

// Water (BlockType 10) under air: its top, and the sides up to it, sit a little lower.
const uint kWater = 10u;
const int kMinChunkY = -4;  // world/coords.hpp: the world's bottom chunk (y -64)
const float kWaterDrop = 0.125;

// Brightness of light levels 0..15 (cube.frag has the same curve): 0.8^(15 - level) over 0.1.
vec4 brightness(vec4 level) { return 0.1 + 0.9 * exp2((15.0 - level) * -0.32192809); }

// The edge and corner neighbours' occluder bits (as face_corners.comp reads them): cell t =
// (dx+1) + 3(dz+1) + 9(dy+1) has one when bit t of kOccluderCells is set, its number being
// how many such cells come before it.
const uint kOccluderCells = 0x7be8befu;

bool occluded(uint bits, ivec3 d) {
    uint t = uint((d.x + 1) + 3 * (d.z + 1) + 9 * (d.y + 1));
    uint below = kOccluderCells & ((1u << t) - 1u);
    return ((kOccluderCells >> t) & 1u) != 0u && ((bits >> uint(bitCount(below))) & 1u) != 0u;
}

// A face's four corner codes (face_corners.comp's, 16 bits each) for a chunk lit by one value
// `l` (sky << 4 | block): every open cell has that light, so a corner's sums are the value
// times its count, and only the occlusion differs; worked out here rather than kept.
uvec4 uniform_corners(uint occluders, int face, int axis, int a1, int a2, uint l) {
    ivec3 n = ivec3(0), t1 = ivec3(0), t2 = ivec3(0);
    n[axis] = (face & 1) == 0 ? 1 : -1;
    t1[a1] = 1;
    t2[a2] = 1;
    bool open[9];  // the 3 x 3 cells in front of the face, k = (u+1) + 3(v+1); the face's own is open
    for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
            int k = (u + 1) + 3 * (v + 1);
            open[k] = k == 4 || !occluded(occluders, n + t1 * u + t2 * v);
        }
    }
    uvec4 code;
    for (int c = 0; c < 4; ++c) {
        int s1 = (c & 1) * 2 + 3, s2 = 1 + (c >> 1) * 6, cc = (c & 1) * 2 + (c >> 1) * 6;
        uint count = 1u + uint(open[s1]) + uint(open[s2]) + uint((open[s1] || open[s2]) && open[cc]);
        uint ao = (!open[s1] && !open[s2]) ? 0u : 3u - uint(!open[s1]) - uint(!open[s2]) - uint(!open[cc]);
        code[c] = (l >> 4) * count | ((l & 15u) * count) << 6 | (count - 1u) << 12 | ao << 14;
    }
    return code;
}

void main() {
    uint slot = uint(gl_VertexID) >> 4;
    int axis = (gl_VertexID >> 2) & 3;
    int corner_id = gl_VertexID & 3;  // the index buffer's diagonal runs from 0 to 3
    uvec2 inst = texelFetch(u_instances, int(slot)).xy;
    uint mask = (inst.x >> 18) & 63u;
    // Integer arithmetic relative to the eye's chunk: exact anywhere in an endless world.
    ivec3 local = ivec3(inst.x & 15u, (inst.x >> 4) & 15u, (inst.x >> 8) & 15u);
    ivec4 page = texelFetch(u_pages, int(slot >> 6));
    // y: the chunk's y counted from the world's bottom in bits 0..4, its level in 5..7, its
    // corner block + 1 above (0: none); world/lod.hpp's page_table_y.
    int level = (page.y >> 5) & 7;
    ivec3 chunk = ivec3(page.x, page.y & 31, page.z) << level;  // in level-0 chunks
    chunk.y += kMinChunkY;
    ivec3 rel = (chunk - u_origin_chunk) * 16 + (local << level);
    float size = float(1 << level);
    v_highlight = (u_highlight_chunk.w != 0 && level == 0 && chunk == u_highlight_chunk.xyz) ? 1 : 0;
    vec3 cube_min = vec3(rel);
    bool positive = (cube_min[axis] + 0.5 * size) < u_camera_offset[axis];
    int face = axis * 2 + (positive ? 0 : 1);
    v_type = (inst.x >> 12) & 63u;
    v_face = face;
    int layer_slot = min(int(v_type), 63) * 6 + face;
    v_layer = u_layers[layer_slot >> 2][layer_slot & 3];
    if ((mask & (1u << uint(face))) == 0u) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);  // degenerate: no fragment, and no clipping
        v_uv = vec2(0.0);
        v_eye_to_point = vec3(0.0);
        v_light = vec2(0.0);
        v_ao = 3.0;
        return;
    }
    // The face's tangent axes: (axis + 1) mod 3 and (axis + 2) mod 3, without a division
    // (a software rasteriser runs integer division one vertex at a time).
    int a1 = axis == 2 ? 0 : axis + 1, a2 = axis == 0 ? 2 : axis - 1;
    // The face's four corners: corner k = (u, v) = (k & 1, k >> 1) is 16 bits, the sums of the
    // sky and block levels of the open cells it averages, their count less one, its
    // occlusion. A page of a chunk with a light page keeps them in its corner block, worked
    // out when its cube or light last changed (face_corners.comp); one lit by one value (.w
    // < 0: open sky, the far rings) has no block, and they are worked out here.
    int corner_block = (page.y >> 8) - 1;
    uvec4 code;
    if (corner_block >= 0) {
        uvec2 words = texelFetch(u_corners, corner_block * 384 + int(slot & 63u) * 6 + face).xy;
        code = uvec4(words.x & 0xFFFFu, words.x >> 16, words.y & 0xFFFFu, words.y >> 16);
    } else {
        code = uniform_corners(inst.y, face, axis, a1, a2, uint(-1 - page.w));
    }
    vec4 count = vec4((code >> 12) & 3u) + 1.0;
    vec4 sky = vec4(code & 63u) / count;
    vec4 block = vec4((code >> 6) & 63u) / count;
    vec4 ao = vec4(code >> 14);
    vec4 lit = max(sky * u_daylight, block);
    vec4 shade = brightness(lit) * (0.5 + ao / 6.0);
    // Two triangles share the diagonal from index 0 to index 3. It joins corners (0,0) and
    // (1,1) unless those are the darker pair (light times occlusion); then the corners turn
    // one step so it joins (1,0) and (0,1), and the shading interpolates the same whichever
    // corner is dark (no "anisotropy" seam).
    const int kTurned[4] = int[4](1, 3, 0, 2);
    int ck = (shade.x + shade.w < shade.y + shade.z) ? kTurned[corner_id] : corner_id;
    vec2 c = vec2(ck & 1, ck >> 1);
    v_ao = ao[ck];
    v_light = vec2(sky[ck], block[ck]);
    vec3 corner = vec3(0.0);
    corner[axis] = positive ? 1.0 : 0.0;
    corner[a1] = c.x;
    corner[a2] = c.y;
    // Texture coordinates: side faces stand upright (v runs down the block), tops and
    // bottoms lie along x and z.
    if (axis == 1) v_uv = corner.xz;
    else v_uv = vec2(axis == 0 ? corner.z : corner.x, 1.0 - corner.y);
    vec3 p = cube_min + corner * size;
    if (v_type == kWater && (mask & 4u) != 0u && corner.y > 0.5) p.y -= kWaterDrop;
    v_eye_to_point = p - u_camera_offset;
    gl_Position = u_view_proj * vec4(p, 1.0);
}
