#pragma once
// The stream planner: where the camera is, which chunks of the view to request next (nearest
// first, keeping the workers' queue just long enough), which loaded chunks left the view, and
// the generation workers with the chunks in flight and finished. It reads the chunk table and
// the kept edits and never changes a loaded chunk: the world integrates and unloads what it
// hands out (docs/world.md "The parts of the world").
// Plain C++20; never depends on GL.
#include "world/chunk_table.hpp"
#include "world/coords.hpp"
#include "world/cpu_clock.hpp"
#include "world/kept_edits.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

#include <tsl/robin_set.h>

#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace slotcraft {

class StreamPlanner {
public:
    // `terrain`, `loaded` and `kept` must outlive the planner; worker_threads >= 1. Builds
    // the view's order table now, so no frame pays for it.
    StreamPlanner(const TerrainGenerator& terrain, const ChunkTable& loaded, KeptEdits& kept, int view_distance,
                  int worker_threads);
    ~StreamPlanner();
    StreamPlanner(const StreamPlanner&) = delete;
    StreamPlanner& operator=(const StreamPlanner&) = delete;

    const ViewDisc& view() const { return view_; }
    int view_distance() const { return view_.view_distance; }
    int worker_threads() const { return worker_threads_; }
    // Clamped to 0..StreamOrder::kMaxViewDistance; the next update plans and drops anew.
    void set_view_distance(int chunks);
    // Chunks came or went behind the planner's back (load_now, unload_now): plan again at
    // the next update and, with `rescan_drops`, look for loaded chunks out of view.
    void replan(bool rescan_drops);
    bool plan_current() const { return !replan_needed_; }

    // [SECTION] planning, once per update

    // Whether the walk must restart for a camera in chunk `camera` (it changed chunk, or the
    // view changed).
    bool must_replan(ChunkCoord camera) const;
    // Whether the restart builds the order table for a new view distance (the chunk table
    // must get its room first: the restart's drop scan walks it).
    bool view_resized() const { return order_.view_distance() != view_.view_distance; }
    // Queued jobs go back (the walk restarts from the nearest offset, so the queue stays
    // nearest-first) and, when the view's column or size changed, the loaded chunks outside
    // it are listed for dropping. Returns whether they were (chunks waiting for a neighbour
    // that left the view may be ready to show now).
    bool restart(ChunkCoord camera);
    // The next listed chunk to drop (it may be back in view: the caller asks view()), or
    // nullopt when none is left or `deadline` passed; `done` counts this update's drops.
    std::optional<ChunkCoord> next_drop(std::size_t done, CpuDeadline deadline);
    bool drops_done() const { return to_drop_.empty(); }
    // Walks the view's offsets nearest first and queues the chunks nobody has asked for,
    // until the queue holds its target, the walk ends or the deadline passes.
    void feed_workers(CpuDeadline deadline);

    // [SECTION] arrivals

    // Takes what the workers finished (never waits) and sets the queue's next target.
    void collect_results();
    bool has_results() const { return !ready_.empty(); }
    std::size_t results_waiting() const { return ready_.size(); }  // finished, not handed out
    // The next slice of finished chunks to integrate: at most kChunksPerSlice chunks, and no
    // more once it holds kCubesPerSlice cubes. Late arrivals for chunks that left the view
    // (or were loaded meanwhile) are discarded.
    std::vector<GenerationResult> next_slice();

    // [SECTION] state

    bool requested(ChunkCoord c) const { return in_flight_.contains(c); }
    // Every chunk in view is loaded and nothing is requested.
    bool idle() const;
    std::size_t pending() const { return in_flight_.size(); }
    std::size_t queued() const;
    std::size_t plan_left() const { return order_.offsets().size() - cursor_; }
    std::size_t drops_left() const { return to_drop_.size(); }
    std::size_t order_bytes() const { return order_.bytes(); }
    std::size_t discarded() const { return discarded_; }
    // Starts the workers if they are not running.
    void ensure_pool();

private:
    const TerrainGenerator& terrain_;
    const ChunkTable& loaded_;
    KeptEdits& kept_;
    int worker_threads_;
    ViewDisc view_;  // camera: the camera chunk of the last plan
    bool replan_needed_ = true;
    bool drop_scan_needed_ = true;                          // the view's column or size changed: look for drops
    StreamOrder order_;                                     // the view's offsets, nearest first
    std::size_t cursor_ = 0;                                // next offset of order_ the walk visits
    std::vector<ChunkCoord> to_drop_;                       // loaded, out of view, not unloaded yet
    tsl::robin_set<ChunkCoord, ChunkCoordHash> in_flight_;  // requested, not integrated
    std::deque<GenerationResult> ready_;                    // finished, waiting for integration
    std::size_t queue_target_ = 512;                        // jobs kept queued or waiting: collect_results()
    std::size_t handed_out_ = 0;                            // chunks next_slice() handed out since the last collect
    std::size_t discarded_ = 0;                             // generated but out of view on arrival
    std::unique_ptr<GenerationPool> pool_;                  // last: its workers stop before the rest goes
};

}  // namespace slotcraft
