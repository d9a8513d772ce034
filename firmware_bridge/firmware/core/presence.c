/* Presence debounce: see presence.h. */
#include "presence.h"

#include <string.h>

void tc_presence_init(struct tc_presence *p) { memset(p, 0, sizeof *p); }

int tc_uid_equal(const struct tc_uid *a, const struct tc_uid *b) {
    return a->len == b->len && memcmp(a->bytes, b->bytes, a->len) == 0;
}

static enum tc_change removed(struct tc_presence *p, struct tc_uid *changed) {
    *changed = p->present;
    p->present.len = 0;
    p->missed = 0;
    return TC_NOW_REMOVED;
}

enum tc_change tc_presence_poll(struct tc_presence *p, const struct tc_uid *read,
                                struct tc_uid *changed) {
    if (read->len != 0 && p->present.len != 0 && tc_uid_equal(read, &p->present)) {
        p->missed = 0;
        p->seen = 0;
        return TC_UNCHANGED;
    }
    if (read->len == 0) {
        p->seen = 0;
    } else if (p->seen != 0 && tc_uid_equal(read, &p->candidate)) {
        if (p->seen < TC_CONFIRM) {
            p->seen++;
        }
    } else {
        p->candidate = *read;
        p->seen = 1;
    }
    if (p->present.len != 0) {
        /* the present tag was not read: missed, or another one confirmed in its place */
        if (p->seen >= TC_CONFIRM || ++p->missed >= TC_MISSES) {
            return removed(p, changed);
        }
        return TC_UNCHANGED;
    }
    if (p->seen >= TC_CONFIRM) {
        p->present = p->candidate;
        p->seen = 0;
        p->missed = 0;
        *changed = p->present;
        return TC_NOW_PLACED;
    }
    return TC_UNCHANGED;
}
