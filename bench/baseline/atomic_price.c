/* The price of an atomic read-modify-write on this machine, to weigh the counts of
 * bench/process/atomics.py: nanoseconds per uncontended increment and decrement of one counter
 * (a retain and a release of an object no other core touches: x86's `lock xadd`), against the
 * same two as plain read-modify-writes of that memory. One thread, the line in its own cache.
 * Build: cc -O2 -Wall -Wextra -Werror -o atomic_price atomic_price.c
 * Run: ./atomic_price   (prints: ATOMIC_NS PLAIN_NS, each per operation) */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static volatile int64_t counter __attribute__((aligned(64)));

static double seconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) {
        perror("clock_gettime");
        return -1;
    }
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

int main(void) {
    const long rounds = 100000000;
    double start = seconds();
    for (long i = 0; i < rounds; i++) {
        __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
        __atomic_fetch_sub(&counter, 1, __ATOMIC_RELEASE);
    }
    double middle = seconds();
    for (long i = 0; i < rounds; i++) {
        counter = counter + 1;
        counter = counter - 1;
    }
    double end = seconds();
    if (start < 0 || middle < 0 || end < 0) return 1;
    printf("%.2f %.2f\n", (middle - start) / (2.0 * rounds) * 1e9, (end - middle) / (2.0 * rounds) * 1e9);
    return 0;
}
