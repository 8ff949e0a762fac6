import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { NotificationDto, NotificationsQuery, UnreadCountDto } from './dto/notification.dto';
import { NotificationsService } from './notifications.service';

/** The signed-in member's own notifications: the path carries no user id, the caller's identity decides. */
@ApiTags('notifications')
@Controller('api/notifications')
@Authenticated()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in member's notifications, newest first" })
  @Responds({ ok: [NotificationDto], errors: [400, 401] })
  list(@Query() query: NotificationsQuery, @CurrentIdentity() caller: Identity): Promise<NotificationDto[]> {
    return this.notifications.list(caller.userId, query);
  }

  @Get('unread-count')
  @ApiOperation({ summary: "How many of the signed-in member's notifications are unread" })
  @Responds({ ok: UnreadCountDto, errors: [401] })
  unreadCount(@CurrentIdentity() caller: Identity): Promise<UnreadCountDto> {
    return this.notifications.unreadCount(caller.userId);
  }

  @Post('read-all')
  @ApiOperation({ summary: "Mark all of the signed-in member's notifications read" })
  @Responds({ ok: UnreadCountDto, errors: [401] })
  markAllRead(@CurrentIdentity() caller: Identity): Promise<UnreadCountDto> {
    return this.notifications.markAllRead(caller.userId);
  }

  @Post(':id/read')
  @ApiOperation({ summary: 'Mark one of your notifications read (another member’s is 404)' })
  @Responds({ ok: NotificationDto, errors: [400, 401, 404] })
  markRead(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<NotificationDto> {
    return this.notifications.markRead(caller.userId, id);
  }
}
