#pragma once
// The world session: the World, the slot bookkeeping of its cubes (InstanceSlots) and the
// world file it is saved in. Every edit and every streamed chunk passes through here, so
// the world, the slots and the file never disagree. No GLFW, no GL: unit-tested.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "gfx/instance_slots.hpp"
#include "save/save.hpp"
#include "world/world.hpp"

namespace slotcraft {

struct WorldSessionConfig {
    WorldType type = WorldType::kTerrain;
    uint64_t seed = 1;
    bool seed_given = false;  // --seed or --world named them (a saved world's own win)
    int view_distance = kDefaultViewDistance;
    std::string world_file;  // empty: nothing is saved
    bool new_world = false;  // --new: move an existing file aside, start fresh
};

class WorldSession {
public:
    struct Stats {
        World::Stats world;
        InstanceSlots::Stats slots;
        WorldType type = WorldType::kTerrain;
        uint64_t seed = 0;
        int view_distance = 0;
        bool saving = false;  // a world file is open
        std::string save_file;
        WorldStore::Stats save;  // meaningful when saving
    };

    // Opens (or creates) the world file first, so a refused file stops the run before
    // anything else, and its saved seed and type decide the world. Throws WorldFileError
    // (the file is left as it was).
    explicit WorldSession(const WorldSessionConfig& config);
    // Commits the last edits; a failure is reported on stderr (they were kept until now).
    ~WorldSession();
    WorldSession(const WorldSession&) = delete;
    WorldSession& operator=(const WorldSession&) = delete;

    // What the file held at start (nullopt: a new world, or nothing is saved).
    const std::optional<WorldMeta>& saved_meta() const { return saved_meta_; }
    // Replaces the saved player place and hotbar (queued; the frame never waits).
    void save_meta(const WorldMeta& meta);

    // Streams around the camera; the changes become slot work. `compaction_moves` bounds
    // the slot compaction done this frame.
    void update(const glm::dvec3& camera, size_t compaction_moves);
    bool idle() const { return world_->idle(); }

    // Every edit goes through here: the world, the slots and the world file. Throws
    // EditRefused (out of height, chunk not loaded), having changed nothing.
    void edit(const BlockPos& p, BlockType type);

    // Where a new player stands: over the origin column, above its tallest tree.
    double spawn_ground() const;

    World& world() { return *world_; }
    const World& world() const { return *world_; }
    InstanceSlots& slots() { return slots_; }
    const InstanceSlots& slots() const { return slots_; }
    WorldType type() const { return type_; }
    uint64_t seed() const { return seed_; }
    Stats stats() const;

private:
    void open_store(const WorldSessionConfig& config);

    WorldType type_;
    uint64_t seed_;
    std::unique_ptr<WorldStore> store_;  // null: nothing is saved
    std::optional<WorldMeta> saved_meta_;
    std::unique_ptr<World> world_;
    InstanceSlots slots_;
};

// The world file a run uses: --world-file, else the named (or "default") world for an
// interactive run or a scripted run that names one; empty: a scripted run saves nothing.
std::string world_file_for(const std::string& world_file, const std::string& world_name, bool scripted);

}  // namespace slotcraft
