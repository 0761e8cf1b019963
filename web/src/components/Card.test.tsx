import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its heading, in the header or as the first line of a flat card', () => {
    render(
      <>
        <Card title="Rating" actions={<button type="button">Edit</button>}>
          Likely, major
        </Card>
        <Card flat title="History">
          No changes
        </Card>
      </>,
    );
    const rating = screen.getByRole('region', { name: 'Rating' });
    expect(rating).toHaveTextContent('Likely, major');
    expect(rating.querySelector('.card-header')).toHaveTextContent('RatingEdit');
    expect(rating.querySelector('.card-body')).toHaveTextContent('Likely, major');
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveClass('card', 'card-body', 'stack');
    expect(screen.getByRole('heading', { name: 'History', level: 2 })).toHaveClass('card-title');
  });
});
