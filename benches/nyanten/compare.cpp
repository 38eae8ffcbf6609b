// mjkit's C ABI (mj_shanten, MJ_FORMS_RIICHI) against nyanten on the same hands in the same
// process: built and run by `NYANTEN_DIR=... cargo bench --bench capi` (benches/capi.rs), which
// writes the hands (34 count bytes each, drawn from a shuffled 136-tile wall) to a file.
// nyanten is a header-only library (MIT) taken from NYANTEN_DIR; it is never part of mjkit.
// Usage: nyanten-compare <hands file>
#include <nyanten/replacement_number.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "mjkit.h"

namespace {

using Hand = std::array<std::uint8_t, 34>;

template <typename F>
double ns_per_hand(std::vector<Hand> const &hands, F f) {
  auto const start = std::chrono::steady_clock::now();
  long long sum = 0;
  for (Hand const &h : hands) sum += f(h);
  auto const end = std::chrono::steady_clock::now();
  static long long volatile sink;
  sink = sum;
  return std::chrono::duration<double, std::nano>(end - start).count() / hands.size();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <hands file>\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<Hand> hands(bytes.size() / 34);
  for (std::size_t i = 0; i < hands.size(); ++i)
    std::copy_n(reinterpret_cast<std::uint8_t const *>(bytes.data()) + 34 * i, 34, hands[i].begin());
  if (hands.empty() || mj_init() != MJ_STATUS_OK) return 1;

  // Same answers first: nyanten's replacement number = mjkit's shanten + 1.
  for (Hand const &h : hands) {
    int32_t s = 0;
    if (mj_shanten(h.data(), MJ_FORMS_RIICHI, &s) != MJ_STATUS_OK ||
        s + 1 != Nyanten::calculateReplacementNumber(h.cbegin(), h.cend())) {
      std::fprintf(stderr, "disagreement with nyanten\n");
      return 1;
    }
  }
  std::vector<double> mj, ny;
  for (int pass = 0; pass < 11; ++pass) {
    mj.push_back(ns_per_hand(hands, [](Hand const &h) {
      int32_t s = 0;
      mj_shanten(h.data(), MJ_FORMS_RIICHI, &s);
      return s;
    }));
    ny.push_back(ns_per_hand(hands, [](Hand const &h) {
      return int(Nyanten::calculateReplacementNumber(h.cbegin(), h.cend()));
    }));
  }
  double const a = median(mj), b = median(ny);
  std::printf("\nnyanten, same %zu hands of 14 tiles, same process (median of 11 passes, ns per hand):\n",
              hands.size());
  std::printf("| mj_shanten (C ABI, riichi forms) | nyanten | mjkit / nyanten |\n|---|---|---|\n");
  std::printf("| %.1f | %.1f | %.2f |\n", a, b, a / b);
  std::printf("(0 disagreements: nyanten's replacement number = mj_shanten + 1 on every hand)\n");
  return 0;
}
