/* Runs a libdbus connection on a GLib main context: its watches become fd sources, its
 * timeouts GLib timeouts, and dispatching happens from an idle source whenever libdbus
 * says data remains. The connection must only be used from that context's thread. The
 * daemon serves on it; draftd-lsp's connection runs on it through lib/bus/client.h. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

void draftd_dbus_setup_with_main_loop (DBusConnection *connection, GMainContext *context);
