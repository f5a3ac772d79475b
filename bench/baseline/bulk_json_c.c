/* The C bulk baseline: `preflight check --ndjson - --no-fetch --header apns-push-type:alert`
 * written in C. NDJSON on stdin, each line judged by payload_checks.c (json-c, the checks of
 * payload_json_c.c) on as many threads as the process may use (the affinity mask, as Preflight's
 * HostCPU reads it), the reports written to stdout in input order as `{"line":N,"report":...}`,
 * then a summary line of the shape of Preflight's BulkSummary. Memory is bounded: a window of
 * 16 lines per thread is in flight (Preflight's BulkCheck.window without downloads), each line up
 * to 65536 bytes (server.max_body_bytes; a longer one is counted and reported, never kept). A
 * line of whitespace only is counted as blank and skipped. Exit 0, 1 when a report fails, 2 on an
 * error (read, write, threads, json-c), with a message on stderr.
 * bench/process/bulk.sh builds it (bench_setup --c bulk_json_c) and checks its output against
 * Preflight's before it times either. */
#define _GNU_SOURCE
#include "payload_checks.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINE 65536
#define LINES_PER_THREAD 16
#define FIRST_LINES_KEPT 10
/* A report line: the report (at most 2048 bytes for these checks) in `{"line":N,"report":...}`. */
#define OUT_CAPACITY 2200

enum slot_state { SLOT_FREE, SLOT_FILLED, SLOT_DONE };

/* One line in flight: its bytes (or, when oversize, only its length), then its output line. */
struct slot {
    enum slot_state state;
    long number;
    char *bytes;
    size_t length;
    int oversize;
    char out[OUT_CAPACITY];
    size_t out_length;
    struct judgement judgement;
    int failed; /* the report did not fit, or json-c could not start */
};

/* The run: slots[sequence % window]; the reader fills `filled`, the workers take `taken`, the
 * writer writes `written`; written <= taken <= filled <= written + window. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a slot was filled, or the input ended */
    pthread_cond_t done;  /* a slot was judged, or the input ended */
    pthread_cond_t space; /* the writer gave slots back */
    struct slot *slots;
    size_t window;
    size_t filled, taken, written;
    int input_ended;
    int output_failed;
} run = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
         NULL, 0, 0, 0, 0, 0, 0};

static void die(const char *what, int error) {
    fprintf(stderr, "bulk_json_c: %s: %s\n", what, strerror(error));
    exit(2);
}

static void lock(void) {
    int error = pthread_mutex_lock(&run.lock);
    if (error) die("pthread_mutex_lock", error);
}

static void unlock(void) {
    int error = pthread_mutex_unlock(&run.lock);
    if (error) die("pthread_mutex_unlock", error);
}

static void wait_on(pthread_cond_t *condition) {
    int error = pthread_cond_wait(condition, &run.lock);
    if (error) die("pthread_cond_wait", error);
}

static void wake(pthread_cond_t *condition, int all) {
    int error = all ? pthread_cond_broadcast(condition) : pthread_cond_signal(condition);
    if (error) die("pthread_cond_signal", error);
}

/* Judges one slot's line into its output line. */
static void judge(struct slot *slot, struct json_tokener *tokener) {
    int prefix = snprintf(slot->out, OUT_CAPACITY, "{\"line\":%ld,\"report\":", slot->number);
    size_t report = 0;
    int status = prefix < 0 ? -1
                 : slot->oversize
                     ? judge_oversize(slot->length, MAX_LINE, slot->out + prefix, OUT_CAPACITY - (size_t)prefix - 2,
                                      &report, &slot->judgement)
                     : judge_payload(tokener, slot->bytes, slot->length, slot->out + prefix,
                                     OUT_CAPACITY - (size_t)prefix - 2, &report, &slot->judgement);
    slot->failed = status != 0;
    if (status == 0) {
        memcpy(slot->out + prefix + report, "}\n", 2);
        slot->out_length = (size_t)prefix + report + 2;
    }
}

static void *worker(void *unused) {
    (void)unused;
    struct json_tokener *tokener = json_tokener_new();
    lock();
    while (1) {
        while (run.taken == run.filled && !run.input_ended) wait_on(&run.work);
        if (run.taken == run.filled) break;
        struct slot *slot = &run.slots[run.taken++ % run.window];
        unlock();
        if (tokener) judge(slot, tokener);
        else slot->failed = 1;
        lock();
        slot->state = SLOT_DONE;
        if (slot == &run.slots[run.written % run.window]) wake(&run.done, 0);
    }
    unlock();
    if (tokener) json_tokener_free(tokener);
    return NULL;
}

/* What closes the output: Preflight's BulkSummary, for the codes the checks report. */
static struct {
    long lines, blank, pass, warn, fail;
    struct {
        long count;
        long first_lines[FIRST_LINES_KEPT];
        int kept;
    } codes[CODE_COUNT];
} summary;

static void record(const struct judgement *judgement, long line) {
    if (judgement->verdict == VERDICT_PASS) summary.pass++;
    else if (judgement->verdict == VERDICT_WARN) summary.warn++;
    else summary.fail++;
    for (size_t i = 0; i < judgement->code_count; i++) {
        enum code code = judgement->codes[i];
        summary.codes[code].count++;
        if (summary.codes[code].kept < FIRST_LINES_KEPT) summary.codes[code].first_lines[summary.codes[code].kept++] = line;
    }
}

/* Writes all `length` bytes to stdout; -1 when write fails. */
static int write_all(const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(STDOUT_FILENO, bytes, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        bytes += n;
        length -= (size_t)n;
    }
    return 0;
}

/* The writer thread: each run of judged slots, in order, in one write, as soon as it is ready. */
static void *writer(void *unused) {
    (void)unused;
    static char buffer[LINES_PER_THREAD * OUT_CAPACITY * 4];
    lock();
    while (1) {
        while (run.slots[run.written % run.window].state != SLOT_DONE && !(run.input_ended && run.written == run.filled))
            wait_on(&run.done);
        if (run.slots[run.written % run.window].state != SLOT_DONE) break;
        size_t ready = 0;
        while (ready < run.window && run.slots[(run.written + ready) % run.window].state == SLOT_DONE) ready++;
        unlock();
        size_t used = 0;
        for (size_t i = 0; i < ready; i++) {
            struct slot *slot = &run.slots[(run.written + i) % run.window];
            if (slot->failed) { fprintf(stderr, "bulk_json_c: line %ld: the report does not fit, or json-c failed\n", slot->number); exit(2); }
            if (used + slot->out_length > sizeof buffer) {
                if (write_all(buffer, used) != 0) die("write", errno);
                used = 0;
            }
            memcpy(buffer + used, slot->out, slot->out_length);
            used += slot->out_length;
            record(&slot->judgement, slot->number);
        }
        if (used > 0 && write_all(buffer, used) != 0) die("write", errno);
        lock();
        for (size_t i = 0; i < ready; i++) run.slots[(run.written + i) % run.window].state = SLOT_FREE;
        run.written += ready;
        wake(&run.space, 0);
    }
    unlock();
    return NULL;
}

/* The reader's slot for the line being read: the next one, once the writer has given it back. */
static struct slot *next_slot(void) {
    lock();
    while (run.filled - run.written >= run.window) wait_on(&run.space);
    struct slot *slot = &run.slots[run.filled % run.window];
    unlock();
    slot->length = 0;
    slot->oversize = 0;
    return slot;
}

static int is_blank(const char *bytes, size_t length) {
    for (size_t i = 0; i < length; i++) {
        if (!strchr(" \t\r\n", bytes[i]) || bytes[i] == '\0') return 0;
    }
    return 1;
}

/* Ends the line in `slot` (its last byte `last`): skipped when blank (0), else handed to the
 * workers (1), and then no longer the reader's to touch. */
static int end_line(struct slot *slot, char last) {
    summary.lines++;
    if (last == '\r') slot->length--;
    if (slot->length > MAX_LINE) slot->oversize = 1;
    if (!slot->oversize && is_blank(slot->bytes, slot->length)) {
        summary.blank++;
        slot->length = 0;
        return 0;
    }
    slot->number = summary.lines;
    lock();
    slot->state = SLOT_FILLED;
    run.filled++;
    wake(&run.work, 0);
    unlock();
    return 1;
}

/* Appends a piece of the line being read; past MAX_LINE (and a `\r`) only its length is kept. */
static void take(struct slot *slot, const char *bytes, size_t length) {
    if (!slot->oversize && slot->length + length > MAX_LINE + 1) slot->oversize = 1;
    if (!slot->oversize) memcpy(slot->bytes + slot->length, bytes, length);
    slot->length += length;
}

/* The threads this process may use: the CPUs of its affinity mask (taskset), as Preflight's
 * HostCPU counts them (a cgroup quota, which HostCPU also reads, is not: the bench has none). */
static size_t threads(void) {
    cpu_set_t set;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1) die("sysconf(_SC_NPROCESSORS_ONLN)", errno);
    if (sched_getaffinity(0, sizeof set, &set) != 0) die("sched_getaffinity", errno);
    long count = CPU_COUNT(&set);
    return (size_t)(count > 0 && count < online ? count : online);
}

static void read_input(void) {
    static char chunk[65536];
    struct slot *slot = next_slot();
    char last = 0;
    while (1) {
        ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("read", errno);
        if (n == 0) break;
        const char *at = chunk, *end = chunk + n;
        const char *newline;
        while ((newline = memchr(at, '\n', (size_t)(end - at))) != NULL) {
            take(slot, at, (size_t)(newline - at));
            if (newline > at) last = newline[-1];
            if (end_line(slot, last)) slot = next_slot();
            last = 0;
            at = newline + 1;
        }
        take(slot, at, (size_t)(end - at));
        if (end > at) last = end[-1];
    }
    if (slot->length > 0 || slot->oversize) (void)end_line(slot, last);
}

int main(void) {
    if (!payload_codes_sorted()) { fprintf(stderr, "bulk_json_c: payload_code_names is not in byte order\n"); return 2; }
    size_t workers = threads();
    run.window = LINES_PER_THREAD * workers;
    run.slots = calloc(run.window, sizeof *run.slots);
    if (run.slots == NULL) die("calloc", errno);
    for (size_t i = 0; i < run.window; i++) {
        run.slots[i].bytes = malloc(MAX_LINE + 2);
        if (run.slots[i].bytes == NULL) die("malloc", errno);
    }
    pthread_t *pool = calloc(workers + 1, sizeof *pool);
    if (pool == NULL) die("calloc", errno);
    int error;
    for (size_t i = 0; i < workers; i++) {
        if ((error = pthread_create(&pool[i], NULL, worker, NULL)) != 0) die("pthread_create", error);
    }
    if ((error = pthread_create(&pool[workers], NULL, writer, NULL)) != 0) die("pthread_create", error);
    read_input();
    lock();
    run.input_ended = 1;
    wake(&run.work, 1);
    wake(&run.done, 1);
    unlock();
    for (size_t i = 0; i <= workers; i++) {
        if ((error = pthread_join(pool[i], NULL)) != 0) die("pthread_join", error);
    }
    /* Each code's entry is under 300 bytes (ten numbers of at most 20 digits). */
    char line[512 + CODE_COUNT * 300];
    int at = snprintf(line, sizeof line,
                      "{\"summary\":{\"lines\":%ld,\"blank\":%ld,\"reports\":%ld,\"verdicts\":{\"pass\":%ld,\"warn\":%ld,"
                      "\"fail\":%ld},\"codes\":{",
                      summary.lines, summary.blank, summary.pass + summary.warn + summary.fail, summary.pass,
                      summary.warn, summary.fail);
    const char *comma = "";
    for (int code = 0; code < CODE_COUNT; code++) {
        if (summary.codes[code].count == 0) continue;
        at += snprintf(line + at, sizeof line - (size_t)at, "%s\"%s\":{\"count\":%ld,\"first_lines\":[", comma,
                       payload_code_names[code], summary.codes[code].count);
        for (int i = 0; i < summary.codes[code].kept; i++)
            at += snprintf(line + at, sizeof line - (size_t)at, "%s%ld", i ? "," : "", summary.codes[code].first_lines[i]);
        at += snprintf(line + at, sizeof line - (size_t)at, "]}");
        comma = ",";
    }
    at += snprintf(line + at, sizeof line - (size_t)at, "}}}\n");
    if (at < 0 || (size_t)at >= sizeof line) { fprintf(stderr, "bulk_json_c: the summary does not fit\n"); return 2; }
    if (write_all(line, (size_t)at) != 0) die("write", errno);
    return summary.fail > 0 ? 1 : 0;
}
