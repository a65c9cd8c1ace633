import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Copy } from 'lucide-react';
import type { Room } from '@parley/contracts';
import { toast } from '../../lib/toast';
import { Button, buttonClasses, Card, Input, Label, PageHeader } from '../../ui';
import { useCreateRoom } from './api';

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1.5">
      <Label>{label}</Label>
      <div className="flex gap-2">
        <Input
          readOnly
          value={value}
          aria-label={label}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(value)
              .then(() => toast({ title: 'Link copied', variant: 'success' }))
          }
        >
          <Copy aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** /rooms: host a call in Parley, then share its links. */
export function NewRoomPage() {
  const [name, setName] = useState('');
  const [room, setRoom] = useState<Room | null>(null);
  const create = useCreateRoom();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), { onSuccess: setRoom });
  };
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Host a call"
        description="A Parley room: two to six people on video, recorded and analysed by Parley Notetaker."
      />
      <Card className="grid max-w-xl gap-4 p-6">
        {room ? (
          <>
            <h2 className="text-base font-semibold text-fg">{room.meetingName}</h2>
            <CopyField label="Room link (your team)" value={room.roomLink} />
            {room.guestLink ? <CopyField label="Guest link" value={room.guestLink} /> : null}
            {room.guestLinkExpiresAt ? (
              <p className="text-xs text-muted">
                The guest link works until {new Date(room.guestLinkExpiresAt).toLocaleString()}.
              </p>
            ) : null}
            <Link className={buttonClasses('primary')} to={`/rooms/${room.meetingId}`}>
              Go to the room
            </Link>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-1.5">
              <Label htmlFor="room-meeting-name">Meeting name</Label>
              <Input
                id="room-meeting-name"
                value={name}
                maxLength={200}
                required
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create room
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
export default NewRoomPage;
