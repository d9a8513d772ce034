/* The flashed firmware, run in simavr: the very ELF that `make` builds, on a simulated
 * ATmega328P whose SPI bus carries the register-level MFRC522 models (one per select
 * line, as the glue wires them) and whose UART is a pseudo-terminal the host opens with
 * pyserial. Tags are laid and lifted by commands on standard input:
 *
 *     place READER HEXUID     a tag in that reader's field
 *     remove READER           the field empty again
 *     reset                   the board rebooted (its RAM lost, its tags where they lie)
 *     quit
 *
 * The first line on standard output is the pty's path ("pty /dev/pts/N"); each command
 * is answered "ok" once it is in effect. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
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
static int pty;
static avr_irq_t *uart_in, *spi_in;

/* The glue's select lines: D10, D9, D8 (port B 2, 1, 0), then D7 to D3 (port D 7 to 3). */
static const struct { char port; int pin; } SELECT[MODEL_READERS] = {
    {'B', 2}, {'B', 1}, {'B', 0}, {'D', 7}, {'D', 6}, {'D', 5}, {'D', 4}, {'D', 3}};

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)param;
    uint8_t byte = (uint8_t)value;
    if (write(pty, &byte, 1) < 0 && errno != EAGAIN) {
        perror("pty");
    }
}

static void spi_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)param;
    avr_raise_irq(spi_in, bus.transfer(bus.ctx, (uint8_t)value));
}

static void select_line(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    bus.select(bus.ctx, (uint8_t)(intptr_t)param, value == 0); /* active low */
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
    if (argc != 3) {
        fprintf(stderr, "usage: %s FIRMWARE.elf READERS\n", argv[0]);
        return 2;
    }
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

    int slave;
    char name[64];
    if (openpty(&pty, &slave, name, NULL, NULL) != 0) {
        perror("openpty");
        return 1;
    }
    struct termios raw;
    tcgetattr(slave, &raw);
    cfmakeraw(&raw);
    tcsetattr(slave, TCSANOW, &raw);
    fcntl(pty, F_SETFL, O_NONBLOCK);

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

    printf("pty %s\n", name);
    fflush(stdout);
    char line[128];
    int going = 1;
    while (going) {
        for (int i = 0; i < 2000; i++) {
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
        if (read(pty, &byte, 1) == 1) {
            avr_raise_irq(uart_in, byte);
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
