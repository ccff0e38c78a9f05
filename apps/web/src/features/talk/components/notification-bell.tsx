import type { Notification } from '@app/contracts/talk';
import { BellIcon, CheckCheckIcon, Loader2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';

import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/user-avatar';
import { useBuddies } from '@/features/talk/api/get-buddies';
import { useNotifications } from '@/features/talk/api/get-notifications';
import { useMarkRead } from '@/features/talk/api/mark-notifications-read';
import { isAppPath } from '@/features/talk/utils/item-link';
import { unreadBadge } from '@/features/talk/utils/unread-badge';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

/**
 * The header's bell: the unread count ('99+' past 99, kept live by the update stream) and a panel of
 * notifications, newest first. Choosing one marks it read and opens what it points at (paths of
 * this app only); 'Mark all read' clears the count on every open tab.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = notifications.data?.pages[0]?.unread ?? 0;
  const badge = unreadBadge(unread);
  const people = useBuddies(items.flatMap((n) => (n.publisher ? [n.publisher] : [])));

  function open(item: Notification) {
    if (!item.read) markRead.mutate([item._id]);
    if (isAppPath(item.action)) void navigate(item.action);
  }

  return (
    <DropdownMenu
      onOpenChange={(isOpen) => {
        // Read elsewhere meanwhile (the count came live, not which ones): ask again.
        if (isOpen && notifications.isStale) void notifications.refetch();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}>
          <BellIcon aria-hidden="true" className="size-[1.2rem]" />
          {badge ? (
            <span
              data-testid="unread-badge"
              aria-hidden="true"
              className="bg-destructive absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[0.65rem] leading-none font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="flex max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <DropdownMenuLabel className="p-0 text-base">Notifications</DropdownMenuLabel>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            <CheckCheckIcon aria-hidden="true" /> Mark all read
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto p-1">
          {notifications.isPending ? (
            <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 p-6 text-sm">
              <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading...
            </p>
          ) : notifications.isError && items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-6 text-center text-sm">
              <p role="alert" className="text-destructive">
                {errorMessage(notifications.error)}
              </p>
              <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
                Try again
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="text-muted-foreground p-6 text-center text-sm">
              No notifications yet. When a teammate mentions you with @, it shows up here.
            </p>
          ) : (
            items.map((item) => {
              const person = item.publisher ? (people.get(item.publisher.toLowerCase()) ?? { username: item.publisher }) : null;
              return (
                <DropdownMenuItem key={item._id} onSelect={() => open(item)} className={cn('items-start gap-3 px-2 py-2.5', !item.read && 'bg-primary/5')}>
                  {person ? <UserAvatar person={person} /> : <BellIcon aria-hidden="true" className="mt-1.5 size-5" />}
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className={cn('line-clamp-3 break-words whitespace-normal', !item.read && 'font-medium')}>{item.message}</span>
                    <RelativeTime time={item.timestamp} className="text-muted-foreground text-xs" />
                  </span>
                  {item.read ? null : (
                    <span className="bg-primary mt-2 size-2 shrink-0 rounded-full">
                      <span className="sr-only">Unread</span>
                    </span>
                  )}
                </DropdownMenuItem>
              );
            })
          )}
          {notifications.hasNextPage ? (
            <DropdownMenuItem
              className="text-muted-foreground justify-center"
              disabled={notifications.isFetchingNextPage}
              onSelect={(event) => {
                event.preventDefault();
                void notifications.fetchNextPage();
              }}
            >
              {notifications.isFetchingNextPage ? 'Loading more...' : 'Load more'}
            </DropdownMenuItem>
          ) : null}
        </div>
        {markRead.isError ? (
          <>
            <DropdownMenuSeparator />
            <p role="alert" className="text-destructive px-3 pb-2 text-xs">
              {errorMessage(markRead.error)}
            </p>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
