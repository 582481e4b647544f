// The App's world file: which file, loading what it holds before the world starts, recording
// every edit, and the player's place now and then (README, "Saving the world").
#include <cstdio>

#include "app/app.hpp"
#include "save/save.hpp"
#include "world/world.hpp"

namespace slotcraft {

namespace {
// The player's place and hotbar are queued for saving this often (simulation frames).
constexpr int64_t kMetaEveryFrames = 60;
}  // namespace

// Opens (or creates) the world file before anything else, so a refused file stops the run
// before a window opens, and the saved seed and type decide the world. A scripted run saves
// nothing unless a world is named.
void App::open_store() {
    const bool scripted = !options_.script_path.empty();
    std::string path = options_.world_file;
    if (path.empty() && (!options_.world_name.empty() || !scripted)) {
        path = WorldStore::default_path(options_.world_name.empty() ? "default" : options_.world_name);
    }
    if (path.empty()) return;
    OpenMode mode;
    mode.new_world = options_.new_world;
    OpenedWorld opened = WorldStore::open(path, mode);  // throws WorldFileError
    store_ = std::move(opened.store);
    if (!opened.moved_aside.empty()) {
        std::fprintf(stderr, "slotcraft: --new: the old world was moved to '%s'\n", opened.moved_aside.c_str());
    }
    saved_meta_ = store_->load_meta();
    if (!saved_meta_) return;
    if (options_.seed_given) {
        std::fprintf(stderr, "slotcraft: loading the saved world '%s': its own seed and type are used, --seed and "
                             "--world are ignored (start a fresh one with --new)\n", path.c_str());
    }
    if (saved_meta_->generator_version != kGeneratorVersion) {
        std::fprintf(stderr, "slotcraft: warning: '%s' was made by terrain generator %d, this is %d: unedited "
                             "ground may differ from what was saved around it\n",
                     path.c_str(), saved_meta_->generator_version, kGeneratorVersion);
    }
    options_.seed = saved_meta_->seed;
    options_.world = saved_meta_->type;
}

// After the World exists and before its first update: saved edits, the player, the hotbar.
void App::restore_from_store() {
    if (!store_) return;
    for (const ChunkEdits& chunk : store_->load_edits()) world_->import_edits(chunk.coord, chunk.edits);
    if (saved_meta_) {
        player_.set_eye(saved_meta_->eye);
        player_.set_mode(saved_meta_->mode);
        camera_.yaw = saved_meta_->yaw;
        camera_.pitch = saved_meta_->pitch;
        for (size_t i = 0; i < saved_meta_->hotbar.size() && i < Hotbar::kSlots; ++i) {
            if (is_solid(saved_meta_->hotbar[i])) hotbar_.set_slot(static_cast<int>(i), saved_meta_->hotbar[i]);
        }
        if (saved_meta_->hotbar_selected >= 0 && saved_meta_->hotbar_selected < Hotbar::kSlots) {
            hotbar_.select(saved_meta_->hotbar_selected);
        }
    }
    save_meta();
}

WorldMeta App::current_meta() const {
    WorldMeta m;
    m.seed = options_.seed;
    m.type = options_.world;
    m.eye = player_.eye();
    m.yaw = camera_.yaw;
    m.pitch = camera_.pitch;
    m.mode = player_.mode();
    m.hotbar_selected = hotbar_.selected();
    for (int i = 0; i < Hotbar::kSlots; ++i) m.hotbar.push_back(hotbar_.slot(i));
    return m;
}

void App::save_meta() {
    if (store_) store_->save_meta(current_meta());
}

void App::save_meta_now_and_then() {
    if (store_ && frame_times_.count() % kMetaEveryFrames == 0) save_meta();
}

// Every edit goes through here: the world, the slots, and the world file.
// Throws EditRefused (nothing changed).
void App::edit(const BlockPos& p, BlockType type) {
    slots_.apply_changes(world_->set_block(p, type));
    if (store_) store_->record_edit(p, type, world_->terrain().block_at(p));
}

// Commits what is queued; a failure is reported (the edits were kept in memory until now).
void App::close_store() {
    if (!store_) return;
    save_meta();
    if (!store_->flush()) {
        std::fprintf(stderr, "slotcraft: warning: the last edits could not be saved: %s\n",
                     store_->stats().last_error.c_str());
    }
    store_.reset();
}

}  // namespace slotcraft
