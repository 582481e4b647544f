// The world session (see world_session.hpp; docs/saving.md for the file).
#include "app/world_session.hpp"

#include <cstdio>

namespace slotcraft {

std::string world_file_for(const std::string& world_file, const std::string& world_name, bool scripted) {
    if (!world_file.empty()) return world_file;
    if (!world_name.empty() || !scripted) return WorldStore::default_path(world_name.empty() ? "default" : world_name);
    return {};
}

WorldSession::WorldSession(const WorldSessionConfig& config) : type_(config.type), seed_(config.seed) {
    open_store(config);
    WorldConfig world_config;
    world_config.type = type_;
    world_config.seed = seed_;
    world_config.view_distance = config.view_distance;
    world_ = std::make_unique<World>(world_config);
    // Saved edits are kept like those of unloaded chunks, before the first update.
    if (store_) {
        for (const ChunkEdits& chunk : store_->load_edits()) world_->import_edits(chunk.coord, chunk.edits);
    }
}

WorldSession::~WorldSession() {
    if (store_ && !store_->flush()) {
        std::fprintf(stderr, "slotcraft: warning: the last edits could not be saved: %s\n",
                     store_->stats().last_error.c_str());
    }
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
        std::fprintf(stderr, "slotcraft: --new: the old world was moved to '%s'\n", opened.moved_aside.c_str());
    }
    saved_meta_ = store_->load_meta();
    if (!saved_meta_) return;
    if (config.seed_given) {
        std::fprintf(stderr,
                     "slotcraft: loading the saved world '%s': its own seed and type are used, --seed and "
                     "--world are ignored (start a fresh one with --new)\n",
                     path.c_str());
    }
    if (saved_meta_->generator_version != kGeneratorVersion) {
        std::fprintf(stderr,
                     "slotcraft: warning: '%s' was made by terrain generator %d, this is %d: unedited "
                     "ground may differ from what was saved around it\n",
                     path.c_str(), saved_meta_->generator_version, kGeneratorVersion);
    }
    seed_ = saved_meta_->seed;
    type_ = saved_meta_->type;
}

void WorldSession::save_meta(const WorldMeta& meta) {
    if (store_) store_->save_meta(meta);
}

void WorldSession::update(const glm::dvec3& camera, size_t compaction_moves) {
    slots_.apply(world_->update(camera));
    slots_.compact(compaction_moves);
}

void WorldSession::edit(const BlockPos& p, BlockType type) {
    slots_.apply_changes(world_->set_block(p, type));
    if (store_) store_->record_edit(p, type, world_->terrain().block_at(p));
}

double WorldSession::spawn_ground() const {
    return type_ == WorldType::kFlat ? TerrainParams::kFlatGrassY : world_->terrain().surface_height(0, 0);
}

WorldSession::Stats WorldSession::stats() const {
    Stats s;
    s.world = world_->stats();
    s.slots = slots_.stats();
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
