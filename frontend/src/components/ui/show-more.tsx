import { Button, type ButtonProps } from './button';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

type ShowMoreProps = Pick<ButtonProps, 'size' | 'className'> & {
  query: PagedQuery;
  /** The button's text while the next page loads. */
  loadingText: string;
};

/** 'Show more' under a paged list while there may be another page; off while that page loads. */
export function ShowMore({ query, loadingText, ...button }: ShowMoreProps) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      {...button}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? loadingText : 'Show more'}
    </Button>
  );
}
