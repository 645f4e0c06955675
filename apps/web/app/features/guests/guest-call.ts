import {
  type ChatFrame,
  ChatPush,
  type IceServer,
  OPEN_GUEST_STATES,
  type OutsideMsgPush,
  VideoBlockCode,
  VideoChatCode,
  type VideoGuestEntry,
  type VideoGuestListData,
  type VideoGuestStateData,
  type VideoSignal,
  type VideoSignalData,
  videoGuestEndpoints,
} from '@byeol/contract';
import { api } from '../../lib/api';
import type { ChatRoom } from '../chat';

/**
 * Video connection with guests, the browser's two sides (issue 24, docs/chat-protocol.md "The call"):
 * GuestCall is the viewer's (apply, the camera, answering the studio's offer), StudioCall the BJ's studio
 * page (the requests, one RTCPeerConnection per accepted guest, the controls). Both ride a ChatRoom's
 * socket (plugins.T 200–203, 93/94) and are framework-free stores (subscribe/getSnapshot).
 */

type Listener = () => void;

class Store<S> {
  private readonly listeners = new Set<Listener>();
  constructor(protected snap: S) {}
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): S => this.snap;
  protected set(patch: Partial<S>): void {
    this.snap = { ...this.snap, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The OUTSIDE_MSG pushes of the guests' codes among a batch of frames. */
export function guestPushes(frames: ChatFrame[]): OutsideMsgPush[] {
  const codes: number[] = [...Object.values(VideoChatCode), VideoBlockCode.ON, VideoBlockCode.OFF];
  return frames
    .filter((f) => f.service === ChatPush.OUTSIDE_MSG)
    .map((f) => f.param as unknown as OutsideMsgPush)
    .filter((p) => codes.includes(p.code) && typeof p.data === 'object' && p.data !== null);
}

export const isOpenEntry = (entry: VideoGuestEntry) => OPEN_GUEST_STATES.includes(entry.state);

/** The ICE servers of the room's call (STUN/TURN with a short-lived credential); [] when the API says no. */
async function iceServers(vodKey: string): Promise<IceServer[]> {
  try {
    const res = await api.call(videoGuestEndpoints.iceServers, { vod_key: vodKey });
    return res.rslt_cd === 0 ? res.rslt_set.ice_servers : [];
  } catch {
    return [];
  }
}

/** Candidates received before the remote description are held until it is set. */
class Peer {
  readonly pc: RTCPeerConnection;
  private held: RTCIceCandidateInit[] = [];
  constructor(servers: IceServer[], onCandidate: (signal: VideoSignal) => void) {
    this.pc = new RTCPeerConnection({ iceServers: servers });
    this.pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      onCandidate({
        kind: 'ice',
        candidate: event.candidate.candidate,
        sdpMid: event.candidate.sdpMid,
        sdpMLineIndex: event.candidate.sdpMLineIndex,
      });
    };
  }
  async remote(description: RTCSessionDescriptionInit): Promise<void> {
    await this.pc.setRemoteDescription(description);
    const held = this.held;
    this.held = [];
    for (const c of held) await this.pc.addIceCandidate(c).catch(() => {});
  }
  async candidate(signal: Extract<VideoSignal, { kind: 'ice' }>): Promise<void> {
    const init: RTCIceCandidateInit = {
      candidate: signal.candidate,
      sdpMid: signal.sdpMid ?? null,
      sdpMLineIndex: signal.sdpMLineIndex ?? null,
    };
    if (!this.pc.remoteDescription) this.held.push(init);
    else await this.pc.addIceCandidate(init).catch(() => {});
  }
  close(): void {
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The guest's side
// ---------------------------------------------------------------------------------------------------

export type GuestClosing = 'refused' | 'ended' | 'expired' | 'declined' | 'withdrawn' | 'inviteExpired';

/** How a closed entry reads to its member, given the entry they had open before. */
export function closingOf(closed: VideoGuestEntry, before: VideoGuestEntry | null, me: number): GuestClosing | null {
  const invited = before?.state === 'invited';
  if (closed.state === 'refused') return invited ? (closed.by?.user_key === me ? 'declined' : 'withdrawn') : 'refused';
  if (closed.state === 'expired') return invited ? 'inviteExpired' : 'expired';
  return closed.state === 'ended' ? 'ended' : null;
}

export interface GuestCallSnapshot {
  /** The member's open entry (applied, invited, accepted), or null. */
  entry: VideoGuestEntry | null;
  /**
   * The last closing seen, to tell the member: refused, ended, expired (their request), or declined (they
   * refused the BJ's invitation), withdrawn (the BJ took it back) and inviteExpired (it ran out).
   */
  closed: GuestClosing | null;
  busy: boolean;
  /** A refusal's text (the server's, in the member's language) or a camera failure ('camera'). */
  error: string | null;
  /** The camera and microphone while accepted. */
  local: MediaStream | null;
  /** The peer connection's state ('new' … 'connected'). */
  link: RTCPeerConnectionState | 'none';
  videoBlocked: boolean;
}

export class GuestCall extends Store<GuestCallSnapshot> {
  private peer: Peer | null = null;
  private camera: Promise<MediaStream | null> | null = null;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly room: ChatRoom,
    private readonly vodKey: string,
    private readonly getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream> = (c) => navigator.mediaDevices.getUserMedia(c),
  ) {
    super({ entry: null, closed: null, busy: false, error: null, local: null, link: 'none', videoBlocked: false });
    this.off.push(room.client.on('frames', (frames) => this.onPushes(guestPushes(frames))));
    this.off.push(room.client.on('joined', () => void room.client.action({ T: VideoChatCode.REQUEST, value: { op: 'list' } })));
    if (room.client.snapshot.status === 'joined') void room.client.action({ T: VideoChatCode.REQUEST, value: { op: 'list' } });
  }

  private get me(): number {
    return this.room.client.user?.user_key ?? 0;
  }

  private async command(plugins: Parameters<ChatRoom['client']['action']>[0]): Promise<boolean> {
    this.set({ busy: true, error: null });
    const answer = await this.room.client.action(plugins);
    this.set({ busy: false, error: answer.result === 1 ? null : (answer.msg ?? '') });
    return answer.result === 1;
  }

  apply = () => this.command({ T: VideoChatCode.REQUEST, value: { op: 'apply' } });
  /** Answers the BJ's invitation. */
  answerInvite = (accept: boolean) => this.command({ T: VideoChatCode.ANSWER, value: { op: accept ? 'accept' : 'refuse' } });
  /** Withdraws the application or hangs up. */
  leave = async () => {
    await this.command({ T: VideoChatCode.ANSWER, value: { op: 'end' } });
    this.teardown();
  };

  private onPushes(pushes: OutsideMsgPush[]): void {
    for (const push of pushes) {
      const data = push.data as Record<string, unknown>;
      if (push.code === VideoBlockCode.ON || push.code === VideoBlockCode.OFF) {
        this.set({ videoBlocked: push.code === VideoBlockCode.ON });
        this.applyMedia();
      } else if (push.code === VideoChatCode.REQUEST && data.op === 'list') {
        const list = data as unknown as VideoGuestListData;
        const own = list.guests.find((g) => g.user.user_key === this.me) ?? null;
        this.set({ entry: own, videoBlocked: list.video_blocked === 1 });
        if (own?.state === 'accepted') {
          // In a call already (this page reloaded, or the socket reconnected): this socket takes it over and
          // the studio offers again.
          void this.command({ T: VideoChatCode.ANSWER, value: { op: 'resume' } });
          void this.startCamera();
        }
      } else if ((push.code === VideoChatCode.REQUEST || push.code === VideoChatCode.MEDIA) && push.target?.user_key === this.me) {
        const guest = (data as unknown as VideoGuestStateData).guest;
        if (!guest) continue;
        if (isOpenEntry(guest)) {
          this.set({ entry: guest, closed: null });
          if (guest.state === 'accepted') void this.startCamera();
          this.applyMedia();
        } else {
          this.set({ entry: null, closed: closingOf(guest, this.snap.entry, this.me) });
          this.teardown();
        }
      } else if (push.code === VideoChatCode.SIGNAL) {
        void this.onSignal(data as unknown as VideoSignalData);
      }
    }
  }

  private startCamera(): Promise<MediaStream | null> {
    if (!this.camera) {
      this.camera = this.getUserMedia({ audio: true, video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } } })
        .then((stream) => {
          this.set({ local: stream });
          this.applyMedia();
          return stream;
        })
        .catch(() => {
          this.set({ error: 'camera' });
          return null;
        });
    }
    return this.camera;
  }

  /** 203 mute / audio-only and 93 video block: the tracks stop sending (the studio hides them as well). */
  private applyMedia(): void {
    const { local, entry, videoBlocked } = this.snap;
    if (!local) return;
    for (const track of local.getAudioTracks()) track.enabled = entry?.mute !== 1;
    for (const track of local.getVideoTracks()) track.enabled = entry?.audio_only !== 1 && !videoBlocked;
  }

  private send(signal: VideoSignal): void {
    void this.room.client.action({ T: VideoChatCode.SIGNAL, value: signal });
  }

  private async onSignal(signal: VideoSignalData): Promise<void> {
    if (this.snap.entry?.state !== 'accepted') return;
    if (signal.kind === 'ice') {
      await this.peer?.candidate(signal);
      return;
    }
    if (signal.kind !== 'offer') return;
    // A new offer (the studio reloaded) replaces the connection.
    this.peer?.close();
    const peer = new Peer(await iceServers(this.vodKey), (s) => this.send(s));
    this.peer = peer;
    peer.pc.onconnectionstatechange = () => this.set({ link: peer.pc.connectionState });
    const stream = await this.startCamera();
    if (this.peer !== peer) return;
    for (const track of stream?.getTracks() ?? []) peer.pc.addTrack(track, stream as MediaStream);
    await peer.remote({ type: 'offer', sdp: signal.sdp });
    const answer = await peer.pc.createAnswer();
    await peer.pc.setLocalDescription(answer);
    this.send({ kind: 'answer', sdp: answer.sdp ?? '' });
    this.set({ link: peer.pc.connectionState });
  }

  private teardown(): void {
    this.peer?.close();
    this.peer = null;
    for (const track of this.snap.local?.getTracks() ?? []) track.stop();
    this.camera = null;
    this.set({ local: null, link: 'none' });
  }

  dispose(): void {
    for (const off of this.off.splice(0)) off();
    this.teardown();
  }
}

// ---------------------------------------------------------------------------------------------------
// The BJ's studio
// ---------------------------------------------------------------------------------------------------

export interface StudioSnapshot {
  entries: VideoGuestEntry[];
  /** The accepted guests' incoming media, by user_key. */
  streams: ReadonlyMap<number, MediaStream>;
  links: ReadonlyMap<number, RTCPeerConnectionState>;
  videoBlocked: boolean;
  /** The studio announced itself and got the list. */
  ready: boolean;
  error: string | null;
}

export class StudioCall extends Store<StudioSnapshot> {
  private readonly peers = new Map<number, Peer>();
  /** The guest's `call` number each peer connection was offered for: a new number (the guest's new socket) offers again. */
  private readonly offered = new Map<number, number>();
  private servers: Promise<IceServer[]> | null = null;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly room: ChatRoom,
    private readonly vodKey: string,
  ) {
    super({ entries: [], streams: new Map(), links: new Map(), videoBlocked: false, ready: false, error: null });
    this.off.push(room.client.on('frames', (frames) => this.onPushes(guestPushes(frames))));
    this.off.push(room.client.on('joined', () => this.announce()));
    if (room.client.snapshot.status === 'joined') this.announce();
  }

  private announce(): void {
    // After a reconnect the guests' old connections are useless: offer again.
    for (const key of [...this.peers.keys()]) this.hangUp(key);
    void this.command({ T: VideoChatCode.REQUEST, value: { op: 'studio' } });
  }

  private async command(plugins: Parameters<ChatRoom['client']['action']>[0]): Promise<boolean> {
    const answer = await this.room.client.action(plugins);
    this.set({ error: answer.result === 1 ? null : (answer.msg ?? '') });
    return answer.result === 1;
  }

  answer = (userKey: number, op: 'accept' | 'refuse' | 'end') => this.command({ T: VideoChatCode.ANSWER, value: { op }, target: userKey });
  media = (userKey: number, value: { mute?: 0 | 1; audio_only?: 0 | 1 }) =>
    this.command({ T: VideoChatCode.MEDIA, value, target: userKey });
  blockAll = (on: boolean) => this.command({ T: on ? VideoBlockCode.ON : VideoBlockCode.OFF });

  private upsert(entry: VideoGuestEntry): void {
    const key = entry.user.user_key;
    const rest = this.snap.entries.filter((e) => e.user.user_key !== key);
    this.set({ entries: isOpenEntry(entry) ? [...rest, entry] : rest });
    if (entry.state === 'accepted') this.follow(entry);
    else if (!isOpenEntry(entry)) this.hangUp(key);
  }

  /** An accepted guest: away, their connection is gone; back on a new socket (a new call number), offer again. */
  private follow(entry: VideoGuestEntry): void {
    const key = entry.user.user_key;
    const call = entry.call ?? 1;
    if (entry.away === 1 || (this.offered.has(key) && this.offered.get(key) !== call)) this.hangUp(key);
    if (entry.away !== 1) void this.call(key, call);
  }

  private onPushes(pushes: OutsideMsgPush[]): void {
    for (const push of pushes) {
      const data = push.data as Record<string, unknown>;
      if (push.code === VideoBlockCode.ON || push.code === VideoBlockCode.OFF) this.set({ videoBlocked: push.code === VideoBlockCode.ON });
      else if (push.code === VideoChatCode.REQUEST && data.op === 'list') {
        const list = data as unknown as VideoGuestListData;
        this.set({ entries: list.guests.filter(isOpenEntry), videoBlocked: list.video_blocked === 1, ready: true });
        for (const entry of list.guests) if (entry.state === 'accepted') this.follow(entry);
      } else if (push.code === VideoChatCode.REQUEST || push.code === VideoChatCode.MEDIA) {
        const guest = (data as unknown as VideoGuestStateData).guest;
        if (guest?.user) this.upsert(guest);
      } else if (push.code === VideoChatCode.SIGNAL) void this.onSignal(data as unknown as VideoSignalData);
    }
  }

  /** Offers a connection to an accepted guest: receive-only audio and video (docs, "The call" 1). */
  private async call(userKey: number, call: number): Promise<void> {
    if (this.peers.has(userKey)) return;
    this.offered.set(userKey, call);
    this.servers ??= iceServers(this.vodKey);
    const send = (signal: VideoSignal) => void this.room.client.action({ T: VideoChatCode.SIGNAL, value: signal, target: userKey });
    const peer = new Peer(await this.servers, send);
    if (this.peers.has(userKey) || this.offered.get(userKey) !== call) {
      peer.close();
      return;
    }
    this.peers.set(userKey, peer);
    peer.pc.addTransceiver('audio', { direction: 'recvonly' });
    peer.pc.addTransceiver('video', { direction: 'recvonly' });
    const stream = new MediaStream();
    peer.pc.ontrack = (event) => {
      stream.addTrack(event.track);
      this.set({ streams: new Map(this.snap.streams).set(userKey, stream) });
    };
    peer.pc.onconnectionstatechange = () => this.set({ links: new Map(this.snap.links).set(userKey, peer.pc.connectionState) });
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    send({ kind: 'offer', sdp: offer.sdp ?? '' });
  }

  private async onSignal(signal: VideoSignalData): Promise<void> {
    const peer = this.peers.get(signal.from);
    if (!peer) return;
    if (signal.kind === 'answer') await peer.remote({ type: 'answer', sdp: signal.sdp }).catch(() => {});
    else if (signal.kind === 'ice') await peer.candidate(signal);
  }

  private hangUp(userKey: number): void {
    this.peers.get(userKey)?.close();
    this.peers.delete(userKey);
    this.offered.delete(userKey);
    if (!this.snap.streams.has(userKey) && !this.snap.links.has(userKey)) return;
    const streams = new Map(this.snap.streams);
    const links = new Map(this.snap.links);
    streams.delete(userKey);
    links.delete(userKey);
    this.set({ streams, links });
  }

  dispose(): void {
    for (const off of this.off.splice(0)) off();
    for (const key of [...this.peers.keys()]) this.hangUp(key);
  }
}
