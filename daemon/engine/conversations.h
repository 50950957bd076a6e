/* Chat histories, per owner (a client, or the session) and conversation id, shared between the service (reset, a
 * client leaving the bus) on the main thread and chat jobs on their threads. Each history is
 * the alternating user and assistant turns, bounded. */
#pragma once
#include <glib.h>

typedef struct DraftdConversations DraftdConversations;

/* The owner of shared conversations: no unique bus name (":1.N") can equal it, and no client
 * leaving the bus forgets them. */
#define DRAFTD_CONVERSATIONS_SESSION "session"

DraftdConversations *draftd_conversations_new (void);
void draftd_conversations_free (DraftdConversations *c);
/* A copy of the turns so far (user, assistant, ...); empty for a new conversation. */
GPtrArray *draftd_conversations_history (DraftdConversations *c, const char *client, const char *id);
/* Appends one exchange; the oldest exchanges go once `max_turns` is exceeded. */
void draftd_conversations_append (DraftdConversations *c, const char *client, const char *id, const char *user_text,
                                  const char *reply);
gboolean draftd_conversations_exists (DraftdConversations *c, const char *client, const char *id);
guint draftd_conversations_count (DraftdConversations *c, const char *client);
void draftd_conversations_reset (DraftdConversations *c, const char *client, const char *id);
/* Forgets every conversation of a client. */
void draftd_conversations_forget_client (DraftdConversations *c, const char *client);
