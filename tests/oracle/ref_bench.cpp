// Times the reference calculator's C++ core (ChineseOfficialMahjong `mahjong::calculate_fan`,
// from the pymahjonggb sdist) on hands written by benches/mcr.rs, one per line:
//   packs n (pack)*n standing m (tile)*m win flowers flags seat prevalent
// where tiles and packs use the reference's own encodings. The hands are parsed into memory
// first; each pass then scores all of them in one loop, in this process, timed by
// steady_clock around the loop only.
//
//   ref_bench FILE            7 passes; prints microseconds per hand (best pass) and a
//                             checksum of the totals
//   ref_bench FILE serve      prints "ready N"; then one pass per line read on stdin, printing
//                             "seconds checksum" (benches/mcr.rs alternates these passes with
//                             its own, so both see the same machine load)
//   ref_bench FILE passes K   K passes, prints the checksum (for callgrind: instructions of
//                             calculate_fan divided by K * N)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "fan_calculator.h"

static std::vector<mahjong::calculate_param_t> hands;

__attribute__((noinline)) static long long pass(double *seconds) {
    long long sum = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (const auto &p : hands) {
        mahjong::fan_table_t table = {};
        sum += mahjong::calculate_fan(&p, &table);
    }
    auto t1 = std::chrono::steady_clock::now();
    *seconds = std::chrono::duration<double>(t1 - t0).count();
    return sum;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    FILE *f = std::fopen(argv[1], "r");
    if (!f) return 2;
    int n;
    while (std::fscanf(f, "%d", &n) == 1) {
        mahjong::calculate_param_t p = {};
        p.hand_tiles.pack_count = n;
        for (int i = 0; i < n; ++i) {
            unsigned v;
            if (std::fscanf(f, "%u", &v) != 1) return 3;
            p.hand_tiles.fixed_packs[i] = static_cast<mahjong::pack_t>(v);
        }
        int m;
        if (std::fscanf(f, "%d", &m) != 1) return 3;
        p.hand_tiles.tile_count = m;
        for (int i = 0; i < m; ++i) {
            unsigned v;
            if (std::fscanf(f, "%u", &v) != 1) return 3;
            p.hand_tiles.standing_tiles[i] = static_cast<mahjong::tile_t>(v);
        }
        unsigned win, flowers, flags, seat, prevalent;
        if (std::fscanf(f, "%u %u %u %u %u", &win, &flowers, &flags, &seat, &prevalent) != 5)
            return 3;
        p.win_tile = static_cast<mahjong::tile_t>(win);
        p.flower_count = static_cast<uint8_t>(flowers);
        p.win_flag = static_cast<mahjong::win_flag_t>(flags);
        p.seat_wind = static_cast<mahjong::wind_t>(seat);
        p.prevalent_wind = static_cast<mahjong::wind_t>(prevalent);
        hands.push_back(p);
    }
    std::fclose(f);
    double s;
    if (argc >= 3 && std::strcmp(argv[2], "serve") == 0) {
        std::printf("ready %zu\n", hands.size());
        std::fflush(stdout);
        char line[64];
        while (std::fgets(line, sizeof line, stdin)) {
            long long sum = pass(&s);
            std::printf("%.9f %lld\n", s, sum);
            std::fflush(stdout);
        }
        return 0;
    }
    if (argc >= 4 && std::strcmp(argv[2], "passes") == 0) {
        long long sum = 0;
        for (int i = std::atoi(argv[3]); i > 0; --i) sum = pass(&s);
        std::printf("%lld\n", sum);
        return 0;
    }
    double best = 1e30;
    long long checksum = 0;
    for (int i = 0; i < 7; ++i) {
        checksum = pass(&s);
        if (s < best) best = s;
    }
    std::printf("%.4f %lld\n", best / hands.size() * 1e6, checksum);
    return 0;
}
