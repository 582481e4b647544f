// The world session (see world_session.hpp; docs/saving.md for the file).
#include "edit/world_session.hpp"
#include "edit/build_rules.hpp"
#include "io/shown_text.hpp"
#include "io/user_file.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>

#include "world/cpu_clock.hpp"

namespace slotcraft {

std::string world_file_for(const std::string& world_file, const std::string& world_name, bool scripted) {
    if (!world_file.empty()) return world_file;
    if (!world_name.empty() || !scripted) return WorldStore::default_path(world_name.empty() ? "default" : world_name);
    return {};
}

WorldSession::WorldSession(const WorldSessionConfig& config)
    : type_(config.type),
      seed_(config.seed),
      ground_path_(config.ground_path),
      ground_spawn_(config.ground_spawn),
      journal_(config.undo_bytes) {
    assert(config.new_generator_version >= 1 && config.new_generator_version <= kGeneratorVersion &&
           "WorldSessionConfig: a new world's generator is one this program has");
    generator_version_ = config.new_generator_version;
    open_store(config);
    WorldConfig world_config;
    world_config.ground = config.ground;
    world_config.type = type_;
    world_config.seed = seed_;
    world_config.generator_version = generator_version_;
    world_config.view_distance = config.view_distance;
    world_config.far_distance = config.far_distance;
    world_config.stream_budget_ms = config.stream_budget_ms;
    world_ = std::make_unique<World>(world_config);
    reserve_slots(InstanceSlots::Touch::kNow);  // before the first frame, so no frame pays for it
    // Saved edits are kept like those of unloaded chunks, before the first update.
    if (store_) {
        for (const ChunkEdits& chunk : store_->load_edits()) world_->import_edits(chunk.coord, chunk.edits);
    }
}

// Room in the slots for a whole view of terrain (about 23 exposed cubes a chunk, 1.15 slots a
// cube; a tenth of the chunks have cubes), so they never grow mid-frame while the view fills.
// At the start the room is touched too (resident: about 20 MB at view distance 32, 81 MB at
// 64, which a terrain view fills: 1.42M of 1.44M slots at 32); a view distance changed later
// reserves address space only, since that reserve runs inside a frame.
void WorldSession::reserve_slots(InstanceSlots::Touch touch) {
    reserved_for_ = world_->view_distance();
    // By the columns: a column's cubes do not grow with the world's height (the chunks under
    // the terrain and above it are uniform, without cubes).
    const std::size_t columns = columns_in_view(reserved_for_);
    slots_.reserve(columns * kReservedSlotsPerColumn, columns * kReservedChunksPerColumn, touch);
}

WorldSession::~WorldSession() {
    store_.reset();
    world_.reset();  // joins the generation workers
}

void WorldSession::open_store(const WorldSessionConfig& config) {
    const std::string& path = config.world_file;
    if (path.empty()) return;
    OpenMode mode;
    mode.new_world = config.new_world;
    OpenedWorld opened = WorldStore::open(path, mode);
    store_ = std::move(opened.store);
    if (!opened.moved_aside.empty()) {
        print_message("--new: the old world was moved to " + quoted_path(opened.moved_aside));
    }
    saved_meta_ = store_->load_meta();
    if (!saved_meta_) return;
    // Edits are deltas against their ground: a file made over one ground opens over it only.
    if (saved_meta_->minecraft != config.ground_path) {
        const auto ground = [](const std::string& p) {
            return p.empty() ? std::string("generated ground") : "the Minecraft world " + quoted_path(p);
        };
        throw WorldFileError("cannot open the world file " + quoted_path(path) + " over " + ground(config.ground_path) +
                             ": its edits lie on " + ground(saved_meta_->minecraft) + "; open it with " +
                             (saved_meta_->minecraft.empty() ? std::string("no --minecraft")
                                                             : "--minecraft " + quoted_path(saved_meta_->minecraft)) +
                             ", or name another world with --world-name");
    }
    if (config.seed_given) {
        print_message(
            "loading the saved world " + quoted_path(path) +
            ": its own seed and type are used, --seed and --world are ignored (start a fresh one with --new)");
    }
    // A world keeps the generator it was made with (its edits are deltas against it); one
    // made by a newer generator than this program knows is refused.
    if (saved_meta_->generator_version > kGeneratorVersion) {
        throw WorldFileError("cannot open the world file '" + path + "': it was made by terrain generator " +
                             std::to_string(saved_meta_->generator_version) + ", newer than this program's (" +
                             std::to_string(kGeneratorVersion) +
                             "); open it with a newer Slotcraft, or start a fresh world with --new");
    }
    const bool saved_caves = saved_meta_->generator_version >= kFirstCaveGeneratorVersion;
    if (config.caves_given && saved_caves != (config.new_generator_version >= kFirstCaveGeneratorVersion)) {
        print_message("loading the saved world " + quoted_path(path) + ": it was made by terrain generator " +
                      std::to_string(saved_meta_->generator_version) +
                      (saved_caves ? ", with caves," : ", without caves,") + " and keeps it: --caves " +
                      (saved_caves ? "off" : "on") + " is ignored (start a fresh world with --new to change it)");
    }
    generator_version_ = saved_meta_->generator_version;
    seed_ = saved_meta_->seed;
    type_ = saved_meta_->type;
}

void WorldSession::finish_saving(std::chrono::milliseconds stall) {
    if (!store_ || store_->flush_for(stall)) return;
    // One last try as the writer stops: only what is still not written then is lost.
    const WorldStore::Stats s = store_->stop();
    if (s.pending == 0 && !s.meta_pending) return;
    const std::string why = s.last_error.empty()
                                ? "the last commit made no progress for " + std::to_string(stall.count() / 1000) +
                                      " s (the disk does not answer)"
                                : std::to_string(s.commit_failures) + " failed tries (" + s.last_error + ")";
    throw EditsNotSaved("world file '" + store_->path() + "': " + std::to_string(s.pending) + " edit(s)" +
                        (s.meta_pending ? " and the player's place" : "") + " could not be saved after " + why +
                        "; they are lost: free space on its disk or make its folder writable before the next run");
}

std::optional<WorldStore::Stats> WorldSession::save_stats() const {
    if (!store_) return std::nullopt;
    return store_->stats();
}

std::string save_problem(const WorldStore::Stats& s) {
    if (s.state == SaveState::kOk) return {};
    return "NOT SAVED: " + std::to_string(s.pending) + " edit(s) wait in memory and are retried (" + s.last_error + ")";
}

std::string save_summary(const WorldStore::Stats& s) {
    return std::string(save_state_name(s.state)) + ", " + std::to_string(s.pending) + " pending, " +
           std::to_string(s.edits_committed) + " saved";
}

void WorldSession::save_meta(const WorldMeta& meta) {
    if (!store_) return;
    WorldMeta with_version = meta;
    with_version.generator_version = generator_version_;  // the file keeps its generator
    store_->save_meta(with_version);
}

void WorldSession::update(const glm::dvec3& camera, size_t compaction_moves) {
    const double start = thread_cpu_ms();
    if (world_->view_distance() != reserved_for_) reserve_slots(InstanceSlots::Touch::kLater);
    // The slot work of each slice runs inside the world's deadline: the budget covers both.
    world_->update(camera, world_->budget_deadline(), [this](WorldEvents& events) {
        slots_.apply(events);
        light_.apply(events);
    });
    const double streamed = thread_cpu_ms();
    slots_.compact(compaction_moves);
    times_.stream_ms = streamed - start;
    times_.compact_ms = thread_cpu_ms() - streamed;
}

void WorldSession::load_now(std::span<const ChunkCoord> coords) {
    const WorldEvents events = world_->load_now(coords);
    slots_.apply(events);
    light_.apply(events);
}

void WorldSession::edit(const BlockPos& p, BlockType type, EditKind kind) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<BlockType> old = world_->block_at(p);
    const EditChanges changes = world_->set_block(p, type);  // throws EditRefused
    const std::size_t writes_before = slots_.queued_writes();
    const uint64_t light_before = light_.queued_bytes();
    slots_.apply_changes(changes);
    light_.apply(changes.light());
    last_edit_ = {};
    last_edit_.light_upload_bytes = light_.queued_bytes() - light_before;
    if (!old || *old == type) return;
    last_edit_.cells = 1;
    last_edit_.instance_writes = slots_.queued_writes() - writes_before;
    if (store_) store_->record_edit(p, type, world_->terrain().block_at(p));
    last_edit_.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    record(Region{p, p}, {static_cast<uint8_t>(*old)}, kind);
}

std::vector<uint8_t> WorldSession::run(const Region& r, const CellRule& rule, const std::string& what) {
    const auto start = std::chrono::steady_clock::now();
    EditResult result = world_->apply(r, rule, store_ ? ListEdits::kYes : ListEdits::kNo, what);
    const std::size_t writes_before = slots_.queued_writes();
    const uint64_t light_before = light_.queued_bytes();
    slots_.apply_changes(result.changes);
    light_.apply(result.light);
    const std::size_t writes = slots_.queued_writes() - writes_before;
    const uint64_t light_bytes = light_.queued_bytes() - light_before;
    if (store_ && !result.edits.empty()) {
        // The generated type of each cell, one chunk generated per chunk the edits touch
        // (they come grouped by chunk).
        std::vector<WorldStore::PendingEdit> edits;
        edits.reserve(result.edits.size());
        std::unique_ptr<Chunk> generated;
        for (const CellEdit& e : result.edits) {
            if (!generated || !(generated->coord() == e.chunk)) generated = world_->terrain().generate(e.chunk);
            edits.push_back({e.chunk, e.index, e.type, generated->block(e.index)});
        }
        store_->record_operation(std::move(edits));
    }
    last_edit_ = {};
    last_edit_.cells = result.cells_changed;
    last_edit_.instance_writes = writes;
    last_edit_.light_upload_bytes = light_bytes;
    last_edit_.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return std::move(result.before);
}

void WorldSession::record(const Region& r, std::vector<uint8_t> before, EditKind kind) {
    last_edit_.kind = kind;
    if (last_edit_.cells == 0) return;  // nothing changed: nothing to undo
    EditStep step = EditStep::record(r, before, kind);
    last_edit_.step_bytes = step.bytes();
    last_edit_.steps_dropped = journal_.record(std::move(step));
    // The oldest go first, so the new step is gone only when it alone is over the budget.
    last_edit_.step_lost = journal_.undo_depth() == 0;
}

OperationRefused nothing_copied(const char* what) {
    return OperationRefused("cannot " + std::string(what) +
                            ": nothing copied yet (the clipboard is empty); select a region and copy it first");
}

EditReport WorldSession::fill(const Region& r, BlockType type) {
    return edit_region(
        r, [type](std::size_t, BlockType) { return type; }, EditKind::kFill, "fill");
}

EditReport WorldSession::replace(const Region& r, BlockType from, BlockType to) {
    return edit_region(
        r, [from, to](std::size_t, BlockType old) { return old == from ? to : old; }, EditKind::kReplace, "replace");
}

void WorldSession::copy(const Region& r) {
    Clipboard c;
    c.cells = world_->read_region(r, "copy");
    const glm::i64vec3 e = r.extent();
    c.size = {static_cast<int>(e.x), static_cast<int>(e.y), static_cast<int>(e.z)};
    clipboard_ = std::move(c);
}

EditReport WorldSession::paste(const BlockPos& origin, bool with_air, const Mask& mask) {
    if (clipboard_.empty()) throw nothing_copied("paste");
    const Region r = checked_region_at(origin, clipboard_.size, "paste");  // 64-bit corners: no wrap
    const std::vector<BlockType>& cells = clipboard_.cells;
    // Air in the clipboard keeps what is under it unless the switch pastes air too.
    return edit_region(
        r,
        [&cells, with_air, &mask](std::size_t i, BlockType old) {
            if (!mask.allows(old)) return old;
            return cells[i] == BlockType::kAir && !with_air ? old : cells[i];
        },
        EditKind::kPaste, "paste");
}

void WorldSession::set_clipboard(Clipboard clipboard) {
    assert(clipboard.cells.size() == static_cast<std::size_t>(clipboard.size.x) * clipboard.size.y * clipboard.size.z &&
           "WorldSession::set_clipboard: the cells must fill the size");
    clipboard_ = std::move(clipboard);
}

void WorldSession::rotate(int quarter_turns) {
    if (clipboard_.empty()) throw nothing_copied("rotate");
    clipboard_ = rotated(clipboard_, quarter_turns);
}

void WorldSession::flip(int axis) {
    if (clipboard_.empty()) throw nothing_copied("flip");
    clipboard_ = flipped(clipboard_, axis);
}

EditReport WorldSession::edit_region(const Region& r, const CellRule& rule, EditKind kind, const std::string& what) {
    record(r, run(r, rule, what), kind);
    return last_edit_;
}

EditReport WorldSession::move(const Region& r, const glm::ivec3& d) {
    const Region to{r.min + d, r.max + d};
    check_region_bounds(to, "move");
    const Region box = Region::between(glm::min(r.min, to.min), glm::max(r.max, to.max));
    check_region(box, "move");  // before the read: a refused move reads nothing
    const std::vector<BlockType> cells = world_->read_region(r, "move");
    return edit_region(
        box,
        [&](std::size_t i, BlockType old) {
            const BlockPos p = box.position_of(i);
            if (to.contains(p)) return cells[r.index_of(p - d)];
            return r.contains(p) ? BlockType::kAir : old;
        },
        EditKind::kMove, "move");
}

EditReport WorldSession::stack(const Region& r, int copies, const glm::ivec3& dir) {
    const glm::i64vec3 e = r.extent();
    const int axis = dir.x != 0 ? 0 : dir.y != 0 ? 1 : 2;
    const int64_t span = e[axis] * copies;
    if (span > (int64_t{1} << 31)) throw RegionRefused("cannot stack so far: the copies would reach past the world");
    glm::i64vec3 lo(r.min), hi(r.max);
    if (dir[axis] > 0) {
        lo[axis] = int64_t{r.max[axis]} + 1;
        hi[axis] = int64_t{r.max[axis]} + span;
    } else {
        hi[axis] = int64_t{r.min[axis]} - 1;
        lo[axis] = int64_t{r.min[axis]} - span;
    }
    const glm::ivec3 size(hi - lo + int64_t{1});
    const Region box = checked_region_at(BlockPos(lo), size, "stack");
    check_region(box, "stack");
    const std::vector<BlockType> cells = world_->read_region(r, "stack");
    return edit_region(
        box,
        [&](std::size_t i, BlockType) {
            const glm::i64vec3 o = glm::i64vec3(box.position_of(i)) - glm::i64vec3(r.min);
            const glm::i64vec3 m = ((o % e) + e) % e;  // the source cell: the offset modulo the extent
            return cells[r.index_of(r.min + glm::ivec3(m))];
        },
        EditKind::kStack, "stack");
}

namespace {
// The rule that puts back what a step recorded (cells it did not change stay as they are).
CellRule restore(const std::vector<uint8_t>& before) {
    return [&before](std::size_t i, BlockType now) {
        return before[i] == kUnchangedCell ? now : static_cast<BlockType>(before[i]);
    };
}
}  // namespace

EditReport WorldSession::undo() {
    std::optional<EditStep> step = journal_.take_undo();
    if (!step) throw OperationRefused("cannot undo: nothing to undo (the undo journal is empty)");
    const std::vector<uint8_t> before = step->expand();
    std::vector<uint8_t> redo = run(step->region(), restore(before), "undo");
    last_edit_.kind = step->kind();
    last_edit_.steps_dropped = journal_.push_redo(EditStep::record(step->region(), redo, step->kind()));
    return last_edit_;
}

EditReport WorldSession::redo() {
    std::optional<EditStep> step = journal_.take_redo();
    if (!step) throw OperationRefused("cannot redo: nothing to redo (no undone step since the last edit)");
    const std::vector<uint8_t> before = step->expand();
    std::vector<uint8_t> undo = run(step->region(), restore(before), "redo");
    last_edit_.kind = step->kind();
    last_edit_.steps_dropped = journal_.push_undo(EditStep::record(step->region(), undo, step->kind()));
    return last_edit_;
}

glm::dvec3 WorldSession::spawn_eye() const {
    if (world_->terrain().source() != nullptr) return ground_spawn_;
    return {0.5, spawn_ground() + 12.0 + kEyeHeight, 0.5};
}

double WorldSession::spawn_ground() const {
    if (type_ == WorldType::kFlat) return TerrainParams::kFlatGrassY;
    const TerrainGenerator& terrain = world_->terrain();
    // Over a lake the spawn is its surface (the player swims), not its floor.
    return std::max(terrain.surface_height(0, 0), terrain.has_water() ? TerrainParams::kSeaLevel : 0);
}

WorldSession::Stats WorldSession::stats() const {
    Stats s;
    s.world = world_->stats();
    s.far = world_->far().stats();
    s.slots = slots_.stats();
    s.light = light_.stats();
    s.type = type_;
    s.seed = seed_;
    s.view_distance = world_->view_distance();
    s.saving = store_ != nullptr;
    if (store_) {
        s.save_file = store_->path();
        s.save = store_->stats();
    }
    return s;
}

}  // namespace slotcraft
