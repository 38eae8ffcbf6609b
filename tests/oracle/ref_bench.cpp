// Times the reference calculator's C++ core (ChineseOfficialMahjong `mahjong::calculate_fan`,
// from the pymahjonggb sdist) on hands written by benches/mcr.rs, one per line:
//   packs n (pack)*n standing m (tile)*m win flowers flags seat prevalent
// where tiles and packs use the reference's own encodings. Prints microseconds per hand (best
// of several passes) and a checksum of the totals.
#include <chrono>
#include <cstdio>
#include <vector>
#include "fan_calculator.h"

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    FILE *f = std::fopen(argv[1], "r");
    if (!f) return 2;
    std::vector<mahjong::calculate_param_t> hands;
    int n;
    while (std::fscanf(f, "%d", &n) == 1) {
        mahjong::calculate_param_t p = {};
        p.hand_tiles.pack_count = n;
        for (int i = 0; i < n; ++i) {
            unsigned v;
            std::fscanf(f, "%u", &v);
            p.hand_tiles.fixed_packs[i] = static_cast<mahjong::pack_t>(v);
        }
        int m;
        std::fscanf(f, "%d", &m);
        p.hand_tiles.tile_count = m;
        for (int i = 0; i < m; ++i) {
            unsigned v;
            std::fscanf(f, "%u", &v);
            p.hand_tiles.standing_tiles[i] = static_cast<mahjong::tile_t>(v);
        }
        unsigned win, flowers, flags, seat, prevalent;
        std::fscanf(f, "%u %u %u %u %u", &win, &flowers, &flags, &seat, &prevalent);
        p.win_tile = static_cast<mahjong::tile_t>(win);
        p.flower_count = static_cast<uint8_t>(flowers);
        p.win_flag = static_cast<mahjong::win_flag_t>(flags);
        p.seat_wind = static_cast<mahjong::wind_t>(seat);
        p.prevalent_wind = static_cast<mahjong::wind_t>(prevalent);
        hands.push_back(p);
    }
    double best = 1e30;
    long long checksum = 0;
    for (int pass = 0; pass < 7; ++pass) {
        long long sum = 0;
        auto t0 = std::chrono::steady_clock::now();
        for (const auto &p : hands) {
            mahjong::fan_table_t table = {};
            sum += mahjong::calculate_fan(&p, &table);
        }
        auto t1 = std::chrono::steady_clock::now();
        double s = std::chrono::duration<double>(t1 - t0).count();
        if (s < best) best = s;
        checksum = sum;
    }
    std::printf("%.4f %lld\n", best / hands.size() * 1e6, checksum);
    return 0;
}
