// Tests of the overlay's number formatting and per-frame series summaries (ui/figures.hpp).
#include "ui/figures.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <numeric>
#include <random>
#include <vector>

namespace slotcraft::figures {
namespace {

TEST(Figures, GroupsDigitsInThrees) {
    EXPECT_EQ(group_digits(0), "0");
    EXPECT_EQ(group_digits(999), "999");
    EXPECT_EQ(group_digits(1000), "1,000");
    EXPECT_EQ(group_digits(65536), "65,536");
    EXPECT_EQ(group_digits(1234567), "1,234,567");
    EXPECT_EQ(group_digits(18446744073709551615u), "18,446,744,073,709,551,615");
}

TEST(Figures, ShortCountsStayWithinSixCharacters) {
    EXPECT_EQ(short_count(0), "0");
    EXPECT_EQ(short_count(1121), "1,121");
    EXPECT_EQ(short_count(99999), "99,999");
    EXPECT_EQ(short_count(100000), "100k");
    EXPECT_EQ(short_count(123456), "123k");
    EXPECT_EQ(short_count(999499), "999k");
    EXPECT_EQ(short_count(999999), "1.00M");
    EXPECT_EQ(short_count(1234567), "1.23M");
    EXPECT_EQ(short_count(12345678), "12.3M");
    EXPECT_EQ(short_count(18446744073709551615u), "18.4E");
    std::mt19937_64 random(29);
    for (int i = 0; i < 10000; ++i) {
        const uint64_t v = random() >> (random() % 64);
        EXPECT_LE(short_count(v).size(), 6u) << v;
    }
}

TEST(Figures, BytesTakeABinaryUnitAndThreeDigits) {
    EXPECT_EQ(format_bytes(0), "0 B");
    EXPECT_EQ(format_bytes(1023), "1023 B");
    EXPECT_EQ(format_bytes(1024), "1.00 KiB");
    EXPECT_EQ(format_bytes(1536), "1.50 KiB");
    EXPECT_EQ(format_bytes(75 * 1024 + 512), "75.5 KiB");
    EXPECT_EQ(format_bytes(131072), "128 KiB");
    EXPECT_EQ(format_bytes(uint64_t{4} << 20), "4.00 MiB");
    EXPECT_EQ(format_bytes(uint64_t{3} << 30), "3.00 GiB");
    EXPECT_EQ(format_bytes(uint64_t{2048} << 40), "2048 TiB") << "the largest unit keeps counting";
}

// A History against a plain list of its last N samples (randomized, as the App records the
// allocator's per-frame counts), and the summary of its kept samples.
TEST(Figures, HistoryAndItsSummaryKeepTheLastSamplesWritten) {
    std::mt19937 rng(3);
    History<float, 16> history;
    std::deque<float> reference;
    for (int64_t count = 0; count < 100; ++count) {
        ASSERT_EQ(history.count(), count);
        ASSERT_EQ(history.size(), static_cast<int>(reference.size()));
        for (int i = 0; i < history.size(); ++i) ASSERT_EQ(history.at(i), reference[static_cast<size_t>(i)]);
        const SeriesSummary s = summarize(history);
        ASSERT_EQ(s.samples, static_cast<int>(reference.size()));
        if (!reference.empty()) {
            EXPECT_EQ(s.min, *std::min_element(reference.begin(), reference.end()));
            EXPECT_EQ(s.max, *std::max_element(reference.begin(), reference.end()));
            EXPECT_EQ(s.last, reference.back());
            EXPECT_EQ(history.last(), reference.back());
            const double avg = std::accumulate(reference.begin(), reference.end(), 0.0) /
                               static_cast<double>(reference.size());
            EXPECT_NEAR(s.average, avg, 1e-4);
        }
        const auto v = static_cast<float>(rng() % 1000);
        history.add(v);
        reference.push_back(v);
        if (reference.size() > 16) reference.pop_front();
    }
}

TEST(Figures, SummaryOfNothingIsZero) {
    const History<float, 8> history;
    const SeriesSummary s = summarize(history);
    EXPECT_EQ(s.samples, 0);
    EXPECT_EQ(s.min, 0.0f);
    EXPECT_EQ(s.average, 0.0f);
    EXPECT_EQ(s.max, 0.0f);
    EXPECT_EQ(s.last, 0.0f);
    EXPECT_EQ(history.last(), 0.0f) << "T{} before the first sample";
}

}  // namespace
}  // namespace slotcraft::figures
