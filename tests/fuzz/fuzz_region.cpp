// Regions and pastes at the extremes of int32 and of the world: any two corners, any paste
// origin and clipboard size. Checked against a 128-bit model: the cell count is exact or
// says it is past 64 bits (never wrapped), a region is refused exactly when it holds more
// than kMaxRegionCells cells or reaches past y -64..319 or the world's bound, a paste's far
// corner never wraps, and the world refuses what the check refuses, writing nothing.
#include "fuzz/fuzz_input.hpp"
#include "world/world.hpp"

#include <climits>
#include <string>

namespace {

using namespace slotcraft;

// Coordinates where arithmetic breaks: int32's ends, the world's bound, 2^29 and 2^30.
constexpr int64_t kEdges[] = {INT32_MIN,
                              INT32_MIN + 1,
                              -(int64_t{1} << 30),
                              -kWorldCellBound - 1,
                              -kWorldCellBound,
                              -536870912,
                              -1,
                              0,
                              1,
                              255,
                              256,
                              536870911,
                              kWorldCellBound,
                              kWorldCellBound + 1,
                              int64_t{1} << 30,
                              INT32_MAX - 1,
                              INT32_MAX};

int32_t coordinate(fuzz::FuzzInput& in) {
    const uint8_t how = in.byte();
    if (how % 4 != 0) {  // mostly an edge, moved a little
        const int64_t edge = kEdges[in.byte() % std::size(kEdges)];
        const int64_t v = edge + in.range(-3, 3);
        return static_cast<int32_t>(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v);
    }
    return static_cast<int32_t>(in.u32());
}

BlockPos corner(fuzz::FuzzInput& in) { return {coordinate(in), coordinate(in), coordinate(in)}; }

using u128 = unsigned __int128;

u128 model_cells(const Region& r) {
    u128 n = 1;
    for (int a = 0; a < 3; ++a) n *= static_cast<u128>(int64_t{r.max[a]} - int64_t{r.min[a]} + 1);
    return n;
}

bool model_inside(int64_t x, int64_t y, int64_t z) {
    return y >= kMinBlockY && y < kWorldTop && x >= -kWorldCellBound && x <= kWorldCellBound && z >= -kWorldCellBound &&
           z <= kWorldCellBound;
}

template <typename F>
std::string refusal(F&& f) {
    try {
        f();
    } catch (const RegionRefused& e) {
        return e.what();
    }
    return {};
}

World& world() {
    static World w([] {
        WorldConfig c;
        c.type = WorldType::kFlat;
        c.view_distance = 1;
        return c;
    }());
    return w;
}

void check_region_case(fuzz::FuzzInput& in) {
    const Region r = Region::between(corner(in), corner(in));
    const u128 cells = model_cells(r);
    const bool fits = cells <= UINT64_MAX;
    fuzz::check(r.cell_count().has_value() == fits, "cell_count must say when the count is past 64 bits");
    if (fits) fuzz::check(*r.cell_count() == static_cast<uint64_t>(cells), "cell_count must be exact");
    const std::string size = describe_size(r);
    fuzz::check(fits ? size.find("(" + std::to_string(static_cast<uint64_t>(cells)) + " cells)") != std::string::npos
                     : size.find("about") != std::string::npos,
                "describe_size must give the true count: " + size);
    const bool refused = cells > kMaxRegionCells || !model_inside(r.min.x, r.min.y, r.min.z) ||
                         !model_inside(r.max.x, r.max.y, r.max.z);
    const std::string why = refusal([&] { check_region(r, "fill"); });
    fuzz::check(why.empty() != refused, "check_region disagrees with the model: " + size + " " + why);
    // The world writes nothing it refuses, and reads nothing either; small accepted boxes are
    // applied for real (larger ones would only cost time here).
    const uint64_t applied = world().stats().edits_applied;
    if (refused) {
        fuzz::check(!refusal([&] {
                         world().apply(
                             r, [](std::size_t, BlockType t) { return t; }, ListEdits::kNo, "fill");
                     }).empty(),
                    "World::apply must refuse " + size);
        fuzz::check(!refusal([&] { (void)world().read_region(r, "copy"); }).empty(), "read_region must refuse");
        fuzz::check(world().stats().edits_applied == applied, "a refused region changed the world");
    } else if (cells <= 64) {
        world().apply(
            r, [](std::size_t, BlockType) { return BlockType::kBrick; }, ListEdits::kNo, "fill");
        for (const BlockType t : world().read_region(r, "copy")) fuzz::check(t == BlockType::kBrick, "fill read back");
    }
}

void check_paste_case(fuzz::FuzzInput& in) {
    const BlockPos origin = corner(in);
    const glm::ivec3 size{static_cast<int>(in.range(1, 1 << 24)), static_cast<int>(in.range(1, 256)),
                          static_cast<int>(in.range(1, 1 << 24))};
    const int64_t far_x = int64_t{origin.x} + size.x - 1, far_y = int64_t{origin.y} + size.y - 1,
                  far_z = int64_t{origin.z} + size.z - 1;
    const bool refused = !model_inside(origin.x, origin.y, origin.z) || !model_inside(far_x, far_y, far_z);
    Region r;
    const std::string why = refusal([&] { r = checked_region_at(origin, size, "paste"); });
    fuzz::check(why.empty() != refused, "checked_region_at disagrees with the model: " + why);
    if (!refused) {
        fuzz::check(r.min == origin && int64_t{r.max.x} == far_x && int64_t{r.max.y} == far_y &&
                        int64_t{r.max.z} == far_z,
                    "the pasted box must be the clipboard's size at the origin");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    fuzz::FuzzInput in(data, size);
    for (int op = 0; op < 32 && !in.done(); ++op) {
        if (in.byte() % 2) {
            check_region_case(in);
        } else {
            check_paste_case(in);
        }
    }
    return 0;
}
