/* Whether a tag lies on a reader, from one poll after another.
 *
 * A poll misses a tag that has not moved now and then (presence flaps: present, absent,
 * present), and an empty reader may read a garbled UID that passed no check of ours. So
 * a tag is placed only once TC_CONFIRM polls in a row read the same UID, and removed only
 * after TC_MISSES polls in a row missed it; a different UID confirmed where one lay is the
 * old one removed, then the new one placed at the next poll. */
#ifndef TC_PRESENCE_H
#define TC_PRESENCE_H

#include "frame.h"

#define TC_CONFIRM 2
#define TC_MISSES 2

struct tc_presence {
    struct tc_uid present;   /* len 0: the reader is empty */
    struct tc_uid candidate; /* a UID read that is not the present one */
    uint8_t seen;            /* polls in a row that read the candidate */
    uint8_t missed;          /* polls in a row that missed the present tag */
};

enum tc_change { TC_UNCHANGED = 0, TC_NOW_PLACED = 1, TC_NOW_REMOVED = 2 };

void tc_presence_init(struct tc_presence *p);

/* One poll: `read` is what it read (len 0: nothing). On a change, `changed` is the tag
 * placed or removed. */
enum tc_change tc_presence_poll(struct tc_presence *p, const struct tc_uid *read,
                                struct tc_uid *changed);

int tc_uid_equal(const struct tc_uid *a, const struct tc_uid *b);

#endif
