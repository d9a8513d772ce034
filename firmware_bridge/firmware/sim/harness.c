/* The flashed firmware, run in simavr: the very ELF that `make` builds, on a simulated
 * ATmega328P whose SPI bus carries the register-level MFRC522 models (one per select
 * line, as the glue wires them) and whose UART is a pseudo-terminal the host opens with
 * pyserial. Tags are laid and lifted by commands on standard input:
 *
 *     place READER HEXUID     a tag in that reader's field
 *     remove READER           the field empty again
 *     reset                   the board rebooted (its RAM lost, its tags where they lie)
 *     lose                    the next frame the board sends never reaches the host
 *     unplug                  the USB cable pulled out: the pty gone, the board unpowered
 *     plug                    plugged back in: a new pty ("ok PATH"), the board powered on
 *     cycle                   "ok MEAN_US MAX_US": the scheduler's cycle over every reader
 *     quit
 *
 * The first line on standard output is the pty's path ("pty /dev/pts/N"); each command
 * is answered "ok" once it is in effect. With a third argument "realtime", simulated time
 * is held to the wall clock (for benchmarks); otherwise it runs as fast as it can. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "avr_ioport.h"
#include "avr_spi.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_irq.h"

#include "../tests/rc522_model.h"

static avr_t *avr;
static struct model model;
static struct tc_bus bus;
static int pty = -1, pty_slave = -1;
static char pty_name[64];
static avr_irq_t *uart_in, *spi_in;
static int lose_next, losing;            /* drop the next whole frame the board sends */
static int last_selected = -1;           /* the reader selected last */
static uint64_t cycle_at, cycle_sum, cycle_max, cycles; /* reader 0 polled again: a cycle */

/* The glue's select lines: D10, D9, D8 (port B 2, 1, 0), then D7 to D3 (port D 7 to 3). */
static const struct { char port; int pin; } SELECT[MODEL_READERS] = {
    {'B', 2}, {'B', 1}, {'B', 0}, {'D', 7}, {'D', 6}, {'D', 5}, {'D', 4}, {'D', 3}};

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)param;
    uint8_t byte = (uint8_t)value;
    if (losing || pty < 0) {
        losing = losing && byte != 0;
        return;
    }
    if (write(pty, &byte, 1) < 0 && errno != EAGAIN) {
        perror("pty");
    }
    if (byte == 0 && lose_next) { /* a frame ended: the next one is lost whole */
        lose_next = 0;
        losing = 1;
    }
}

static void spi_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)param;
    avr_raise_irq(spi_in, bus.transfer(bus.ctx, (uint8_t)value));
}

static void select_line(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    int reader = (int)(intptr_t)param;
    bus.select(bus.ctx, (uint8_t)reader, value == 0); /* active low */
    if (value != 0) {
        return;
    }
    if (reader == 0 && last_selected > 0) { /* every reader polled, and reader 0 again */
        if (cycle_at != 0) {
            uint64_t took = avr->cycle - cycle_at;
            cycle_sum += took;
            cycle_max = took > cycle_max ? took : cycle_max;
            cycles++;
        }
        cycle_at = avr->cycle;
    }
    last_selected = reader;
}

static int open_pty(void) {
    if (openpty(&pty, &pty_slave, pty_name, NULL, NULL) != 0) {
        perror("openpty");
        return 0;
    }
    struct termios raw;
    tcgetattr(pty_slave, &raw);
    cfmakeraw(&raw);
    tcsetattr(pty_slave, TCSANOW, &raw);
    fcntl(pty, F_SETFL, O_NONBLOCK);
    return 1;
}

static void close_pty(void) {
    if (pty >= 0) {
        close(pty);
        close(pty_slave);
    }
    pty = pty_slave = -1;
    losing = lose_next = 0;
}

static uint64_t wall_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Hold simulated time to the wall clock: sleep while the board is ahead of it; a board
 * that fell behind (unplugged, or a slow host) is held from where it is, not raced. */
static void keep_time(uint64_t *started) {
    uint64_t simulated = avr->cycle * 1000u / (avr->frequency / 1000000u);
    uint64_t wall = wall_ns() - *started;
    if (wall > simulated + 20000000u) {
        *started = wall_ns() - simulated;
    } else if (simulated > wall + 1000000u) {
        struct timespec pause = {0, (long)(simulated - wall)};
        nanosleep(&pause, NULL);
    }
}

static int hex_uid(const char *hex, struct tc_uid *uid) {
    size_t n = strlen(hex) / 2;
    if (n != 4 && n != 7 && n != 10) {
        return 0;
    }
    uid->len = (uint8_t)n;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            return 0;
        }
        uid->bytes[i] = (uint8_t)v;
    }
    return 1;
}

/* One command from standard input; 0 to stop. */
static int command(const char *line) {
    int reader;
    char hex[32];
    if (sscanf(line, "place %d %31s", &reader, hex) == 2 && reader >= 0 &&
        reader < MODEL_READERS && hex_uid(hex, &model.readers[reader].tag)) {
        model.readers[reader].halted = 0;
    } else if (sscanf(line, "remove %d", &reader) == 1 && reader >= 0 && reader < MODEL_READERS) {
        model.readers[reader].tag.len = 0;
    } else if (strncmp(line, "reset", 5) == 0) {
        avr_reset(avr);
    } else if (strncmp(line, "lose", 4) == 0) {
        lose_next = 1;
    } else if (strncmp(line, "unplug", 6) == 0) {
        close_pty();
    } else if (strncmp(line, "plug", 4) == 0) {
        close_pty();
        if (!open_pty()) {
            return 0;
        }
        avr_reset(avr); /* powered on again */
        printf("ok %s\n", pty_name);
        fflush(stdout);
        return 1;
    } else if (strncmp(line, "cycle", 5) == 0) {
        uint64_t per_us = avr->frequency / 1000000u;
        printf("ok %llu %llu\n", (unsigned long long)(cycles ? cycle_sum / cycles / per_us : 0),
               (unsigned long long)(cycle_max / per_us));
        fflush(stdout);
        return 1;
    } else if (strncmp(line, "quit", 4) == 0) {
        return 0;
    } else {
        printf("error %s", line);
        fflush(stdout);
        return 1;
    }
    printf("ok\n");
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3 && !(argc == 4 && strcmp(argv[3], "realtime") == 0)) {
        fprintf(stderr, "usage: %s FIRMWARE.elf READERS [realtime]\n", argv[0]);
        return 2;
    }
    int realtime = argc == 4;
    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(argv[1], &firmware) != 0) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    avr = avr_make_mcu_by_name("atmega328p");
    if (avr == NULL) {
        return 1;
    }
    avr_init(avr);
    firmware.frequency = 16000000;
    avr_load_firmware(avr, &firmware);
    avr->log = LOG_NONE;

    model_init(&model, (uint8_t)atoi(argv[2]));
    bus = model_bus(&model);

    if (!open_pty()) {
        return 1;
    }

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_out, NULL);
    spi_in = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_OUTPUT),
                            spi_out, NULL);
    for (intptr_t r = 0; r < MODEL_READERS; r++) {
        avr_irq_register_notify(
            avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(SELECT[r].port), SELECT[r].pin),
            select_line, (void *)r);
    }

    printf("pty %s\n", pty_name);
    fflush(stdout);
    char line[128];
    int going = 1;
    uint64_t started = wall_ns();
    while (going) {
        for (int i = 0; i < 2000 && pty >= 0; i++) { /* unplugged: unpowered, it waits */
            int state = avr_run(avr);
            if (state == cpu_Done || state == cpu_Crashed) {
                fprintf(stderr, "the firmware stopped (%d)\n", state);
                return 1;
            }
        }
        /* one byte from the host per 2,000 instructions (some 125 µs): slower than 115,200
         * baud delivers them, so the UART's input never overflows (its XON is raised only
         * when the firmware polls the UART's status, which the Arduino core never does) */
        uint8_t byte;
        if (pty >= 0 && read(pty, &byte, 1) == 1) {
            avr_raise_irq(uart_in, byte);
        }
        if (realtime) {
            keep_time(&started);
        } else if (pty < 0) {
            struct timespec idle = {0, 1000000};
            nanosleep(&idle, NULL);
        }
        struct pollfd in = {STDIN_FILENO, POLLIN, 0};
        if (poll(&in, 1, 0) > 0) {
            if (fgets(line, sizeof line, stdin) == NULL) {
                break;
            }
            going = command(line);
        }
    }
    return 0;
}
