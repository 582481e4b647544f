// The overlay's panel layout (see overlay_layout.hpp).
#include "ui/overlay_layout.hpp"

#include <algorithm>
#include <cmath>

namespace slotcraft::overlay_layout {

namespace {

// One column: its panels (indices into the requests, top to bottom) and its room.
struct Column {
    float x = 0, width = 0;
    float top = 0, bottom = 0;
    std::vector<size_t> members;
};

float height_of(const PanelRequest& p, bool open, float title_height) {
    // A panel not measured yet counts as a title bar: it opens, is measured, and the next
    // frame's layout knows its height.
    return open ? std::max(p.open_height, title_height) : title_height;
}

float stacked_height(const Column& c, std::span<const PanelRequest> panels, const std::vector<bool>& open,
                     const Screen& screen) {
    float h = 0.0f;
    for (size_t i : c.members) h += height_of(panels[i], open[i], screen.title_height);
    if (!c.members.empty()) h += kGap * screen.scale * static_cast<float>(c.members.size() - 1);
    return h;
}

// Whether panel a is folded before panel b: lower priority first, then the lower one.
bool folds_before(std::span<const PanelRequest> panels, size_t a, size_t b) {
    if (panels[a].priority != panels[b].priority) return panels[a].priority < panels[b].priority;
    return a > b;
}

void fit_column(const Column& c, std::span<const PanelRequest> panels, std::vector<bool>& open, const Screen& screen) {
    const float room = c.bottom - c.top;
    std::vector<size_t> order = c.members;  // fold order: the least wanted first
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return folds_before(panels, a, b); });
    for (size_t i : order) {
        if (stacked_height(c, panels, open, screen) <= room) break;
        open[i] = false;
    }
    // A large panel folded first may have made more room than needed: unfold, most wanted
    // first, whatever fits again.
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (open[*it] || !panels[*it].wants_open) continue;
        open[*it] = true;
        if (stacked_height(c, panels, open, screen) > room) open[*it] = false;
    }
}

}  // namespace

SizeClass size_class(float screen_width, float screen_height) {
    const float fits = std::min(screen_width / kDesignWidth, screen_height / kDesignHeight);
    if (!(fits >= 1.0f)) return {1.0f, "small"};  // NaN too: a window of no size
    // Quarter steps, so a window a few pixels larger than another draws the same.
    const float scale = std::min(kMaxScale, std::floor(fits * 4.0f) / 4.0f);
    static constexpr const char* kNames[] = {"x1.00", "x1.25", "x1.50", "x1.75", "x2.00", "x2.25", "x2.50",
                                             "x2.75", "x3.00", "x3.25", "x3.50", "x3.75", "x4.00"};
    return {scale, kNames[static_cast<size_t>((scale - 1.0f) * 4.0f)]};
}

Rect clear_centre(float screen_width, float screen_height) {
    const float w = screen_width * kClearFraction, h = screen_height * kClearFraction;
    return {(screen_width - w) * 0.5f, (screen_height - h) * 0.5f, w, h};
}

float side_room(float screen_width, float scale) {
    return clear_centre(screen_width, 0.0f).x - (kMargin + kGap) * scale;
}

Layout arrange(const Screen& screen, std::span<const PanelRequest> panels) {
    Layout layout;
    const float s = screen.scale;
    const float margin = kMargin * s;
    const float room = side_room(screen.width, s);
    layout.one_column = room < kMinColumnWidth * s;

    std::vector<Column> columns;
    if (layout.one_column) {
        Column c;
        c.x = margin;
        const float beside_crosshair = screen.width * 0.5f - (kCrosshairRoom + kMargin) * s;
        c.width = std::min(kLeftWidth * s, std::max(kMinColumnWidth * s, beside_crosshair));
        c.width = std::max(0.0f, std::min(c.width, screen.width - 2.0f * margin));
        for (size_t i = 0; i < panels.size(); ++i) c.members.push_back(i);
        columns.push_back(c);
    } else {
        Column left, right;
        left.x = margin;
        left.width = kLeftWidth * s;
        right.width = kRightWidth * s;
        for (size_t i = 0; i < panels.size(); ++i) {
            Column& c = panels[i].side == Side::kLeft ? left : right;
            c.members.push_back(i);
        }
        // A column is as wide as its widest panel asks, within the room beside the centre.
        for (Column* c : {&left, &right}) {
            float widest = 0.0f;
            for (size_t i : c->members) widest = std::max(widest, panels[i].width);
            if (widest > 0.0f) c->width = widest;
            c->width = std::min(c->width, room);
        }
        right.x = screen.width - margin - right.width;
        columns.push_back(left);
        columns.push_back(right);
    }

    std::vector<bool> open(panels.size());
    for (size_t i = 0; i < panels.size(); ++i) open[i] = panels[i].wants_open;
    layout.panels.resize(panels.size());
    for (Column& c : columns) {
        c.top = margin;
        c.bottom = screen.height - margin;
        const bool beside_hotbar = screen.hotbar.x < c.x + c.width && c.x < screen.hotbar.right();
        if (!screen.hotbar.empty() && beside_hotbar) c.bottom = std::min(c.bottom, screen.hotbar.y - kGap * s);
        fit_column(c, panels, open, screen);
        float y = c.top;
        for (size_t i : c.members) {
            const float h = height_of(panels[i], open[i], screen.title_height);
            layout.panels[i] = {{c.x, y, c.width, h}, open[i]};
            y += h + kGap * s;
        }
    }
    return layout;
}

Rect beside_panels(const Screen& screen) {
    // One folded panel a side, placed as arrange() places the real ones: the columns' edges.
    const PanelRequest probes[] = {{Side::kLeft, kLeftWidth * screen.scale, 0.0f, false, 0},
                                   {Side::kRight, kRightWidth * screen.scale, 0.0f, false, 0}};
    const Layout l = arrange(screen, probes);
    const float gap = kGap * screen.scale, margin = kMargin * screen.scale;
    const float x0 = l.panels[0].rect.right() + gap;
    const float x1 = l.one_column ? screen.width - margin : l.panels[1].rect.x - gap;
    return {x0, margin, std::max(0.0f, x1 - x0), std::max(0.0f, screen.height - 2.0f * margin)};
}

}  // namespace slotcraft::overlay_layout
