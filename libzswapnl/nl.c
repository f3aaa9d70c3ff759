// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The handle's generic netlink socket: one request at a time, its reply
 * and its status read back with the kernel's extended ack. Events that
 * arrive on a subscribed socket while a request waits, or while the
 * events of the other group are read, are queued for zswapnl_read_event()
 * and zswapnl_read_memcg_event(), a queue for each group.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "internal.h"

static void event_queue_clear(struct znl_event_queue *q)
{
	struct znl_event_msg *ev, *next;

	for (ev = q->head; ev; ev = next) {
		next = ev->next;
		free(ev);
	}
	*q = (struct znl_event_queue){ 0 };
}

/* Keep a copy of event @nlh; when the queue is full, the oldest is lost */
static void event_queue_push(struct znl_event_queue *q, const struct nlmsghdr *nlh)
{
	struct znl_event_msg *ev, *old;

	if (q->count == ZNL_EVENT_QUEUE_MAX) {
		old = q->head;
		q->head = old->next;
		if (!q->head)
			q->tail = NULL;
		q->count--;
		free(old);
		q->lost = true;
	}
	ev = malloc(sizeof(*ev) + nlh->nlmsg_len);
	if (!ev) {
		q->lost = true;
		return;
	}
	ev->next = NULL;
	ev->len = nlh->nlmsg_len;
	memcpy(ev->data, nlh, nlh->nlmsg_len);
	if (q->tail)
		q->tail->next = ev;
	else
		q->head = ev;
	q->tail = ev;
	q->count++;
}

static struct znl_event_msg *event_queue_pop(struct znl_event_queue *q)
{
	struct znl_event_msg *ev = q->head;

	if (ev) {
		q->head = ev->next;
		if (!q->head)
			q->tail = NULL;
		q->count--;
	}
	return ev;
}

/*
 * The queue of the event @nlh, or NULL when it is none: a message of the
 * family with no sequence number nor port, of an event's command
 */
static struct znl_event_queue *event_queue_of(struct zswapnl *h, const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);

	if (!h->family || nlh->nlmsg_type != h->family || nlh->nlmsg_seq != 0 ||
	    nlh->nlmsg_pid != 0 || nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return NULL;
	if (genl->cmd == ZSWAP_CMD_EVENT)
		return &h->ev;
	if (genl->cmd == ZSWAP_CMD_MEMCG_EVENT)
		return &h->mev;
	return NULL;
}

static bool is_event(struct zswapnl *h, const struct nlmsghdr *nlh)
{
	return event_queue_of(h, nlh) != NULL;
}

/* Keep event @nlh for the read call of its group, when the handle joined it */
static void event_keep(struct zswapnl *h, const struct nlmsghdr *nlh)
{
	struct znl_event_queue *q = event_queue_of(h, nlh);

	if (q == &h->ev && h->subscribed)
		event_queue_push(q, nlh);
	else if (q == &h->mev && h->memcg_subscribed)
		event_queue_push(q, nlh);
}

/*
 * One datagram from the kernel into h->rbuf: its length, -EAGAIN when
 * @dontwait and nothing is there, -ETIMEDOUT when nothing came within the
 * reply timeout. Datagrams from other sockets are dropped; an overrun is
 * remembered as lost events when subscribed, since the request may still
 * get its reply.
 */
static ssize_t socket_recv(struct zswapnl *h, bool dontwait, struct zswapnl_error *err)
{
	struct pollfd pfd = { .fd = mnl_socket_get_fd(h->nl), .events = POLLIN };
	struct sockaddr_nl addr;
	struct iovec iov = { .iov_base = h->rbuf, .iov_len = ZNL_RECV_SIZE };
	struct msghdr mh = {
		.msg_name = &addr,
		.msg_namelen = sizeof(addr),
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};
	ssize_t n;
	int ret;

	for (;;) {
		if (!dontwait) {
			ret = poll(&pfd, 1, ZNL_REPLY_TIMEOUT_MS);
			if (ret < 0 && errno == EINTR)
				continue;
			if (ret < 0)
				return znl_err(err, -errno, NULL, "poll on the netlink socket failed");
			if (!ret)
				return znl_err(err, -ETIMEDOUT, NULL, "no reply from the kernel");
		}
		mh.msg_namelen = sizeof(addr);
		n = recvmsg(pfd.fd, &mh, MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				if (dontwait)
					return -EAGAIN;
				continue;
			}
			/* Which group's datagram was lost is not known: each says so */
			if (errno == ENOBUFS && (h->subscribed || h->memcg_subscribed)) {
				h->ev.lost = h->subscribed;
				h->mev.lost = h->memcg_subscribed;
				continue;
			}
			return znl_err(err, -errno, NULL, "cannot receive from the netlink socket");
		}
		if (mh.msg_flags & MSG_TRUNC)
			return znl_err(err, -EMSGSIZE, NULL,
				       "a netlink message did not fit the receive buffer");
		if (mh.msg_namelen != sizeof(addr) || addr.nl_family != AF_NETLINK ||
		    addr.nl_pid != 0)
			continue;
		return n;
	}
}

static int socket_send(struct zswapnl *h, const void *buf, size_t len)
{
	return mnl_socket_sendto(h->nl, buf, len) < 0 ? -errno : 0;
}

static const struct znl_transport socket_transport = {
	.send = socket_send,
	.recv = socket_recv,
};

/*
 * Whether the datagram @buf of @len bytes holds whole messages, each at
 * least a header long and none longer than what is left of it. libmnl
 * trusts nlmsg_len: mnl_nlmsg_ok() compares it as an int, so that a length
 * of 2^31 or more passes and sends a walk past the buffer.
 */
static int datagram_check(const void *buf, size_t len, struct zswapnl_error *err)
{
	const struct nlmsghdr *nlh = buf;
	size_t left = len, step;

	while (left) {
		if (left < NLMSG_HDRLEN)
			return znl_err(err, -EBADMSG, NULL,
				       "malformed datagram: %zu bytes after its last message", left);
		if (nlh->nlmsg_len < NLMSG_HDRLEN)
			return znl_err(err, -EBADMSG, NULL,
				       "malformed datagram: a message of %u bytes, shorter than its header",
				       nlh->nlmsg_len);
		if (nlh->nlmsg_len > left)
			return znl_err(err, -EBADMSG, NULL,
				       "malformed datagram: a message of %u bytes where %zu are left, longer than its datagram",
				       nlh->nlmsg_len, left);
		/* the last message's padding may be missing */
		step = ZNL_MIN(NLMSG_ALIGN(nlh->nlmsg_len), left);
		left -= step;
		nlh = (const struct nlmsghdr *)((const char *)nlh + step);
	}
	return 0;
}

/*
 * One datagram into h->rbuf, as the transport's recv gives it, checked
 * before anything walks its messages: the replies to requests and the
 * events both come through here.
 */
static ssize_t recv_one(struct zswapnl *h, bool dontwait, struct zswapnl_error *err)
{
	ssize_t n = h->xport->recv(h, dontwait, err);
	int ret;

	if (n < 0)
		return n;
	ret = datagram_check(h->rbuf, n, err);
	return ret ? ret : n;
}

struct nlmsghdr *znl_req_start(struct zswapnl *h, uint16_t type, uint16_t flags, uint8_t cmd,
			       uint8_t version)
{
	struct nlmsghdr *nlh;
	struct genlmsghdr *genl;

	memset(h->req, 0, ZNL_REQ_SIZE);
	nlh = mnl_nlmsg_put_header(h->req);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	if (++h->seq == 0)
		h->seq = 1;
	nlh->nlmsg_seq = h->seq;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = version;
	return nlh;
}

/* One request's reply, as the callbacks of mnl_cb_run2() see it */
struct reply {
	struct zswapnl *h;
	znl_data_cb cb;
	void *data;
	struct zswapnl_error *err;
	int cb_ret;		/* @cb's first error: the rest of the reply is still read */
	int status;		/* what NLMSG_ERROR or NLMSG_DONE said */
	struct zswapnl_error status_err;
	bool ended;		/* NLMSG_ERROR or NLMSG_DONE came: nothing more will */
	bool interrupted;	/* a message of the dump had NLM_F_DUMP_INTR */
};

static int data_cb(const struct nlmsghdr *nlh, void *data)
{
	struct reply *r = data;
	const struct nlmsghdr *req = (const struct nlmsghdr *)r->h->req;

	if (is_event(r->h, nlh))
		event_keep(r->h, nlh);
	else if (nlh->nlmsg_type == req->nlmsg_type && r->cb && !r->cb_ret)
		r->cb_ret = r->cb(nlh, r->data, r->err);
	return MNL_CB_OK;
}

/* NLMSG_ERROR (an acknowledgment when its error is 0) or NLMSG_DONE: the end */
static int status_cb(const struct nlmsghdr *nlh, void *data)
{
	struct reply *r = data;

	r->ended = true;
	r->status = znl_parse_status(nlh, nlh->nlmsg_len, r->h->req, r->h->req_len,
				     &r->status_err);
	return MNL_CB_STOP;
}

/*
 * NLMSG_OVERRUN: part of the reply was lost. libmnl's default takes it for
 * a no-op, which would hand the caller an incomplete reply as a whole one.
 */
static int overrun_cb(const struct nlmsghdr *nlh, void *data)
{
	struct reply *r = data;

	(void)nlh;
	r->status = znl_err(&r->status_err, -EOVERFLOW, NULL,
			    "the kernel's reply overran (NLMSG_OVERRUN): part of it was lost");
	return MNL_CB_STOP;
}

static int noop_cb(const struct nlmsghdr *nlh, void *data)
{
	(void)nlh;
	(void)data;
	return MNL_CB_OK;
}

/*
 * mnl_cb_run2() skips a control message without a callback here. Not
 * const: libmnl 1.0.4 takes a plain pointer; nothing writes to it.
 */
static mnl_cb_t ctl_cbs[NLMSG_MIN_TYPE] = {
	[NLMSG_NOOP] = noop_cb,
	[NLMSG_ERROR] = status_cb,
	[NLMSG_DONE] = status_cb,
	[NLMSG_OVERRUN] = overrun_cb,
};

/*
 * mnl_cb_run2() stops at the first message with NLM_F_DUMP_INTR (errno
 * EINTR) and would leave the rest of the reply in the socket: clear the
 * flag in the messages of request @seq, in the checked datagram @buf, so
 * that the reply is read to its end. On a dump, note it in *@intr; on any
 * other reply it means nothing (the kernel sets it on dumps only).
 */
static void take_dump_intr(void *buf, size_t len, uint32_t seq, bool dump, bool *intr)
{
	struct nlmsghdr *nlh = buf;
	int left = len;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left)) {
		if (nlh->nlmsg_seq == seq && (nlh->nlmsg_flags & NLM_F_DUMP_INTR)) {
			nlh->nlmsg_flags &= ~NLM_F_DUMP_INTR;
			*intr |= dump;
		}
	}
}

/*
 * Read and drop what the socket holds of the rest of the reply to request
 * @seq, up to its NLMSG_DONE or NLMSG_ERROR; events on the way are queued.
 * A dump left half read keeps its state in the kernel, which refuses the
 * socket's next dump with EBUSY. No waiting: the kernel queues the next
 * part of a dump within the recvmsg() that makes room for it, so an empty
 * socket means that nothing more is coming.
 *
 * Closing the socket and opening another would end the dump too, but it
 * would also drop the "events" membership and the events queued in the
 * socket without a word, change the port, and need a socket(), which a
 * seccomp filter installed since zswapnl_open() may refuse. The one case
 * a drain leaves a dump open is a dumpit that sent nothing for the reply
 * timeout (the first part is built within the request's sendmsg()): the
 * next dump then fails with -EBUSY, which says so, rather than a new
 * socket hiding a kernel that stopped.
 */
static void drain_reply(struct zswapnl *h, uint32_t seq)
{
	const struct nlmsghdr *nlh;
	ssize_t n;
	int left;

	for (;;) {
		n = recv_one(h, true, NULL);
		/* a malformed or cut datagram was read all the same */
		if (n == -EBADMSG || n == -EMSGSIZE || n == -ENOBUFS)
			continue;
		if (n < 0)
			return;
		left = n;
		for (nlh = (const struct nlmsghdr *)h->rbuf; mnl_nlmsg_ok(nlh, left);
		     nlh = mnl_nlmsg_next(nlh, &left)) {
			if (is_event(h, nlh))
				event_keep(h, nlh);
			else if (nlh->nlmsg_seq == seq && (nlh->nlmsg_type == NLMSG_DONE ||
							     nlh->nlmsg_type == NLMSG_ERROR))
				return;
		}
	}
}

/*
 * Send the request built in h->req and read until its status: every data
 * message of the reply goes to @cb (which may be NULL). When @cb fails, the
 * rest of the reply is still read, so that the socket is ready for the next
 * request, and its error is returned; when reading fails, what is left of
 * the reply is drained (drain_reply()). A dump that the kernel marked
 * inconsistent (NLM_F_DUMP_INTR: what it lists changed while it was read)
 * is read to its end and gives -EAGAIN.
 */
int znl_req_run(struct zswapnl *h, znl_data_cb cb, void *data, struct zswapnl_error *err)
{
	struct nlmsghdr *req = (struct nlmsghdr *)h->req;
	struct reply r = { .h = h, .cb = cb, .data = data, .err = err };
	bool dump = (req->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
	ssize_t n;
	int ret;

	h->req_len = req->nlmsg_len;
	ret = h->xport->send(h, req, req->nlmsg_len);
	if (ret)
		return znl_err(err, ret, NULL, "cannot send to the netlink socket");

	do {
		n = recv_one(h, false, err);
		if (n < 0) {
			ret = n;
			goto fail;
		}
		take_dump_intr(h->rbuf, n, req->nlmsg_seq, dump, &r.interrupted);
		ret = mnl_cb_run2(h->rbuf, n, req->nlmsg_seq, h->portid, data_cb, &r, ctl_cbs,
				  ZNL_ARRAY_SIZE(ctl_cbs));
		/*
		 * EPROTO or ESRCH: another sequence number or port, the reply
		 * to an earlier request that timed out. A datagram holds the
		 * messages of one reply, so libmnl stopped at its first: the
		 * datagram is dropped and the loop reads on.
		 */
		if (ret == MNL_CB_ERROR && errno != EPROTO && errno != ESRCH) {
			ret = znl_err(err, -errno, NULL, "cannot read the kernel's reply");
			goto fail;
		}
	} while (ret != MNL_CB_STOP);

	/* NLMSG_OVERRUN stopped the loop before the end */
	if (!r.ended)
		drain_reply(h, req->nlmsg_seq);
	if (r.cb_ret)
		return r.cb_ret;
	if (err)
		*err = r.status_err;
	if (!r.status && r.interrupted)
		return znl_err(err, -EAGAIN, NULL,
			       "the kernel marked the dump with NLM_F_DUMP_INTR: what it lists changed while it was read");
	return r.status;

fail:
	drain_reply(h, req->nlmsg_seq);
	return ret;
}

/* Join the multicast group @group, named @name, of the family */
static int join_group(struct zswapnl *h, uint32_t group, const char *name,
		      struct zswapnl_error *err)
{
	int id = group;

	if (!group)
		return znl_err(err, -EOPNOTSUPP, NULL,
			       "the zswap family has no \"%s\" multicast group", name);
	if (mnl_socket_setsockopt(h->nl, NETLINK_ADD_MEMBERSHIP, &id, sizeof(id)) < 0) {
		if (errno == EPERM)
			return znl_err(err, -EPERM, NULL,
				       "joining the \"%s\" multicast group needs CAP_SYS_ADMIN",
				       name);
		return znl_err(err, -errno, NULL, "cannot join the \"%s\" multicast group", name);
	}
	return 0;
}

int znl_nl_subscribe(struct zswapnl *h, struct zswapnl_error *err)
{
	int ret;

	if (h->subscribed)
		return 0;
	ret = join_group(h, h->events_group, ZSWAP_MCGRP_EVENTS, err);
	if (!ret)
		h->subscribed = true;
	return ret;
}

int znl_nl_subscribe_memcg(struct zswapnl *h, struct zswapnl_error *err)
{
	int ret;

	if (h->memcg_subscribed)
		return 0;
	ret = join_group(h, h->memcg_events_group, ZSWAP_MCGRP_MEMCG_EVENTS, err);
	if (!ret)
		h->memcg_subscribed = true;
	return ret;
}

static int lost_events(struct znl_event_queue *q, struct zswapnl_error *err)
{
	q->lost = false;
	return znl_err(err, -ENOBUFS, NULL,
		       "events were lost: they came faster than they were read");
}

/*
 * The next event of queue @q, the socket read into the queues first when
 * it is empty: 1 with its message in *@ev (the caller's to free), 0 when
 * none is pending, or a negative errno
 */
static int next_event(struct zswapnl *h, struct znl_event_queue *q, struct znl_event_msg **ev,
		      struct zswapnl_error *err)
{
	const struct nlmsghdr *nlh;
	ssize_t n;
	int len;

	for (;;) {
		if (q->lost)
			return lost_events(q, err);
		*ev = event_queue_pop(q);
		if (*ev)
			return 1;
		n = recv_one(h, true, err);
		if (n == -EAGAIN)
			return 0;
		if (n < 0)
			return n;
		/* Queue the events of the checked datagram; the loop takes the first */
		len = n;
		for (nlh = (const struct nlmsghdr *)h->rbuf; mnl_nlmsg_ok(nlh, len);
		     nlh = mnl_nlmsg_next(nlh, &len))
			event_keep(h, nlh);
	}
}

/* 1 with an event in @event, 0 when none is pending, or a negative errno */
int znl_nl_read_event(struct zswapnl *h, struct zswapnl_event *event, struct zswapnl_error *err)
{
	struct znl_event_msg *ev;
	int ret;

	if (!h->subscribed)
		return znl_err(err, -EINVAL, NULL, "not subscribed to events");
	ret = next_event(h, &h->ev, &ev, err);
	if (ret != 1)
		return ret;
	ret = znl_decode_event(ev->data, ev->len, event, err);
	free(ev);
	return ret ?: 1;
}

/* The same for a memcg event */
int znl_nl_read_memcg_event(struct zswapnl *h, struct zswapnl_memcg_event *event,
			    struct zswapnl_error *err)
{
	struct znl_event_msg *ev;
	int ret;

	if (!h->memcg_subscribed)
		return znl_err(err, -EINVAL, NULL, "not subscribed to memcg events");
	ret = next_event(h, &h->mev, &ev, err);
	if (ret != 1)
		return ret;
	ret = znl_decode_memcg_event(ev->data, ev->len, event, err);
	free(ev);
	return ret ?: 1;
}

int znl_nl_open(struct zswapnl *h, struct zswapnl_error *err)
{
	int one = 1;

	h->req = calloc(1, ZNL_REQ_SIZE);
	h->rbuf = malloc(ZNL_RECV_SIZE);
	if (!h->req || !h->rbuf)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	if (h->xport) /* the unit tests' recorded replies */
		return znl_resolve_family(h, err);
	h->nl = mnl_socket_open2(NETLINK_GENERIC, SOCK_CLOEXEC);
	if (!h->nl)
		return znl_err(err, -errno, NULL, "cannot open a generic netlink socket");
	if (mnl_socket_bind(h->nl, 0, MNL_SOCKET_AUTOPID) < 0)
		return znl_err(err, -errno, NULL, "cannot bind the generic netlink socket");
	h->portid = mnl_socket_get_portid(h->nl);
	h->xport = &socket_transport;
	/* Kernels before 4.12 lack these: errors then come without details */
	mnl_socket_setsockopt(h->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(h->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	return znl_resolve_family(h, err);
}

void znl_nl_close(struct zswapnl *h)
{
	if (h->nl)
		mnl_socket_close(h->nl);
	h->nl = NULL;
	free(h->req);
	free(h->rbuf);
	h->req = h->rbuf = NULL;
	h->req_len = 0;
	h->family = 0;
	h->events_group = 0;
	h->memcg_events_group = 0;
	h->subscribed = false;
	h->memcg_subscribed = false;
	event_queue_clear(&h->ev);
	event_queue_clear(&h->mev);
}
